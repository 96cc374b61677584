/**
 * The API key lives only in the OS keychain (macOS Keychain, Windows Credential Manager,
 * Linux Secret Service via libsecret), reached through keytar. keytar is loaded lazily so a
 * missing native build or a machine without a Secret Service becomes one clear AppError
 * instead of a crash at start-up. There is deliberately no plaintext fallback: if the keychain
 * cannot be used, signing in fails and says what to install.
 */
import { AppError } from '../app-error';
import type { CredentialStore } from '../core';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

export const KEYCHAIN_SERVICE = 'field-installer';

/**
 * Test runs on macOS and Windows (tests/with-keychain.mjs) keep their keys under a throwaway
 * service name of their own; only names of that form are honoured, so the variable cannot
 * point the app at some other program's entries. Browser mode and unpackaged Electron only.
 */
export const keychainServiceFromEnv = (env: Record<string, string | undefined>): string => {
  const name = env.FIELD_INSTALLER_KEYCHAIN_SERVICE;
  return name !== undefined && /^field-installer-test-[a-z0-9-]{1,40}$/.test(name)
    ? name
    : KEYCHAIN_SERVICE;
};

const unavailable = (cause: unknown, secret?: string): AppError => {
  // keytar's messages come from libsecret/D-Bus; keep them for diagnosis, minus any secret.
  let detail = cause instanceof Error ? cause.message : String(cause);
  if (secret && secret.length > 0) detail = detail.split(secret).join('[redacted]');
  return new AppError(
    {
      kind: 'keychain_unavailable',
      code: 'keychain_unavailable',
      params: { platform: process.platform },
    },
    { cause: new Error(detail) },
  );
};

const loadKeytar = async (): Promise<Keytar> => {
  try {
    const mod = (await import('keytar')) as Keytar & { default?: Keytar };
    // keytar is CommonJS: under ESM its functions sit on `default`.
    const keytar = mod.default ?? mod;
    if (typeof keytar.getPassword !== 'function') throw new Error('keytar did not load');
    return keytar;
  } catch (error) {
    throw unavailable(error);
  }
};

const requireAccount = (account: string): void => {
  if (account.trim() === '') {
    throw new AppError({ kind: 'invalid', code: 'keychain_no_account' });
  }
};

export const createKeychainCredentials = (service: string = KEYCHAIN_SERVICE): CredentialStore => {
  let keytar: Promise<Keytar> | undefined;
  const load = (): Promise<Keytar> => {
    // A failed load is not cached: the user may start the keyring and try again.
    keytar ??= loadKeytar().catch((error: unknown) => {
      keytar = undefined;
      throw error;
    });
    return keytar;
  };

  return {
    async get(account) {
      requireAccount(account);
      const k = await load();
      try {
        return await k.getPassword(service, account);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async set(account, secret) {
      requireAccount(account);
      if (secret === '') {
        throw new AppError({ kind: 'invalid', code: 'key_empty' });
      }
      const k = await load();
      try {
        await k.setPassword(service, account, secret);
      } catch (error) {
        throw unavailable(error, secret);
      }
    },
    async delete(account) {
      requireAccount(account);
      const k = await load();
      try {
        return await k.deletePassword(service, account);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async accounts() {
      const k = await load();
      try {
        // The passwords come along (keytar has no names-only call); only the names leave.
        return (await k.findCredentials(service)).map((c) => c.account);
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
};
