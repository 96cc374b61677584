/**
 * This installation's secret for the visit record's keyed hashes (decision record 68). It
 * lives in the OS keychain only — never in work.db, never in the renderer — under
 * `record-key#<installation id>` (a random id app.db keeps for this data folder), and is read
 * once and held in the core's memory: every entry appended needs it, synchronously. Signing out
 * leaves it: it is no sign-in key, and without it no receipt this computer gave could be checked.
 *
 * The entry also says which account scopes have had their records from before keys sealed
 * (record/seal.ts): sealing happens once per scope, so rolling a work.db back to an unkeyed
 * copy cannot get forged unkeyed entries sealed at the next open.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CredentialStore } from '../core';
import type { Logger } from '../../common/logger';

export interface RecordKey {
  readonly secret: Buffer;
  /** Whether this scope's earlier, unkeyed records were sealed already. */
  sealed(scope: string): boolean;
  /** Notes in the keychain that the scope's earlier records are sealed. */
  markSealed(scope: string): Promise<void>;
}

const Stored = z.object({
  v: z.literal(1),
  secret: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
  sealed: z.array(z.string().max(100)).max(10_000),
});
type Stored = z.infer<typeof Stored>;

const recordKeyAccount = (folderId: string): string => `record-key#${folderId}`;

const parse = (text: string | null): Stored | null => {
  if (text === null) return null;
  try {
    const found = Stored.safeParse(JSON.parse(text));
    return found.success ? found.data : null;
  } catch {
    return null;
  }
};

/**
 * Reads (or, the first time, makes) the installation's secret. An entry that cannot be read is
 * replaced and logged: the records keyed by it can no longer be proven here, and every receipt
 * check and visit says so (never silently).
 */
async function loadRecordKey(
  credentials: CredentialStore,
  folderId: string,
  log: Logger,
): Promise<RecordKey> {
  const account = recordKeyAccount(folderId);
  const text = await credentials.get(account);
  let stored = parse(text);
  if (!stored) {
    if (text !== null) log.warn('the record key in the keychain was unreadable; a new one is made');
    stored = { v: 1, secret: randomBytes(32).toString('base64'), sealed: [] };
    await credentials.set(account, JSON.stringify(stored));
  }
  const secret = Buffer.from(stored.secret, 'base64');
  const sealed = new Set(stored.sealed);
  // Keychain writes one after another: two scopes sealed at once must both be kept.
  let writing: Promise<void> = Promise.resolve();
  return {
    secret,
    sealed: (scope) => sealed.has(scope),
    markSealed(scope) {
      if (sealed.has(scope)) return writing;
      sealed.add(scope);
      const value = JSON.stringify({ ...stored, sealed: [...sealed] });
      writing = writing.then(() => credentials.set(account, value));
      return writing;
    },
  };
}

/** Where app.db keeps this installation's id (names its record key in the keychain). */
const INSTALLATION_SETTING = 'installation-id';

/** This data folder's installation id, made once (app.db; a new one after app.db was lost). */
export const installationId = (settings: {
  setting(key: string): unknown;
  saveSetting(key: string, value: unknown): void;
}): string => {
  const found = settings.setting(INSTALLATION_SETTING);
  if (typeof found === 'string' && /^[0-9a-f]{16}$/.test(found)) return found;
  const made = randomBytes(8).toString('hex');
  settings.saveSetting(INSTALLATION_SETTING, made);
  return made;
};

/** The key read once for the core's life (a failed read is tried again at the next need). */
export function recordKeyOnce(
  credentials: CredentialStore,
  folderId: () => string,
  log: Logger,
): () => Promise<RecordKey> {
  let loading: Promise<RecordKey> | null = null;
  return () => {
    loading ??= loadRecordKey(credentials, folderId(), log).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
