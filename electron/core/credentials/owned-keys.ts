/**
 * The keychain entries this data folder stored, and only those. The keychain is shared by every
 * data folder of the OS user — the real app, a test run, a second profile — so one folder must
 * never read, overwrite or delete another's key:
 * - A key is stored under the account `<base URL>#<folder id>` (base URLs never contain `#`),
 *   so two folders signed in to the same server keep two entries.
 * - `keychain-accounts.json` in the data folder records which accounts this folder stored,
 *   before storing (a crash in between leaves a record of a missing entry, never an entry nobody
 *   knows about). Signing in elsewhere and signing out delete exactly those. A file of its own,
 *   not a row of app.db: a damaged app.db (moved aside, or failing a write mid-page) must not
 *   make the folder forget which keys it owns, nor stop a sign-in.
 * - A folder from before the record existed adopts the entry of the server it is signed in to,
 *   under the old account name (the bare base URL): the one key it certainly stored. Other
 *   entries of the old kind are left alone: another folder may be using them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import type { CredentialStore } from '../core';
import { storageError } from '../db/storage-error';
import type { SessionRecord } from '../store/app-store';

export const OWNED_KEYS_FILE = 'keychain-accounts.json';

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

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

export const ownedKeys = (
  credentials: CredentialStore,
  dataDir: string,
  session: () => SessionRecord | null,
): OwnedKeys => {
  const file = join(dataDir, OWNED_KEYS_FILE);
  const save = (ownership: Ownership): void => {
    try {
      writeFileAtomic.sync(file, `${JSON.stringify(ownership)}\n`, { mode: 0o600 });
    } catch (error) {
      throw storageError(error);
    }
  };
  const load = (): Ownership => {
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw storageError(error);
    }
    if (text !== null) {
      try {
        const stored = Ownership.safeParse(JSON.parse(text));
        if (stored.success) return stored.data;
      } catch {
        // Unreadable: as if absent (the entries it named stay in the keychain, unowned).
      }
    }
    const current = session();
    const adopted: Ownership = {
      folderId: randomBytes(8).toString('hex'),
      accounts: current && !current.training ? { [current.baseUrl]: current.baseUrl } : {},
    };
    save(adopted);
    return adopted;
  };

  return {
    async get(baseUrl) {
      const { accounts } = load();
      const account = Object.hasOwn(accounts, baseUrl) ? accounts[baseUrl] : undefined;
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
