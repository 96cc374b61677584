/**
 * The keychain entries this data folder stored, and only those. The keychain is shared by every
 * data folder of the OS user — the real app, a test run, a second profile — so one folder must
 * never read, overwrite or delete another's key:
 * - A key is stored under the account `<base URL>#<folder id>` (base URLs never contain `#`),
 *   so two folders signed in to the same server keep two entries.
 * - app.db records which accounts this folder stored, before storing (a crash in between leaves
 *   a record of a missing entry, never an entry nobody knows about). Signing in elsewhere and
 *   signing out delete exactly those.
 * - A folder from before the record existed adopts the entry of the server it is signed in to,
 *   under the old account name (the bare base URL): the one key it certainly stored. Other
 *   entries of the old kind are left alone: another folder may be using them.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CredentialStore } from '../core';
import type { AppStore } from '../store/app-store';

export const OWNED_KEYS_SETTING = 'keychainOwnership';

const Ownership = z.object({
  folderId: z.string().regex(/^[0-9a-f]{16}$/),
  /** Base URL → the keychain account its key was stored under. */
  accounts: z.record(z.string(), z.string()),
});
type Ownership = z.infer<typeof Ownership>;

export interface OwnedKeys {
  /** The key this folder stored for `baseUrl`; null when it stored none. */
  get(baseUrl: string): Promise<string | null>;
  set(baseUrl: string, key: string): Promise<void>;
  /** Deletes every key this folder stored, except the one for `keep`. */
  forgetAllBut(keep: string | null): Promise<void>;
}

export const ownedKeys = (
  credentials: CredentialStore,
  app: Pick<AppStore, 'setting' | 'saveSetting' | 'session'>,
): OwnedKeys => {
  const load = (): Ownership => {
    const stored = Ownership.safeParse(app.setting(OWNED_KEYS_SETTING));
    if (stored.success) return stored.data;
    const session = app.session();
    const adopted: Ownership = {
      folderId: randomBytes(8).toString('hex'),
      accounts: session && !session.training ? { [session.baseUrl]: session.baseUrl } : {},
    };
    app.saveSetting(OWNED_KEYS_SETTING, adopted);
    return adopted;
  };
  const save = (ownership: Ownership) => app.saveSetting(OWNED_KEYS_SETTING, ownership);

  return {
    async get(baseUrl) {
      const account = load().accounts[baseUrl];
      return account === undefined ? null : credentials.get(account);
    },
    async set(baseUrl, key) {
      const ownership = load();
      const account = `${baseUrl}#${ownership.folderId}`;
      save({ ...ownership, accounts: { ...ownership.accounts, [baseUrl]: account } });
      await credentials.set(account, key);
    },
    async forgetAllBut(keep) {
      for (const [baseUrl, account] of Object.entries(load().accounts)) {
        if (baseUrl === keep) continue;
        await credentials.delete(account);
        const now = load();
        const { [baseUrl]: _gone, ...rest } = now.accounts;
        save({ ...now, accounts: rest });
      }
    },
  };
};
