/**
 * app.db: which account is signed in, and small app-wide settings. It is opened in exclusive
 * locking mode and held for the life of the process, which makes it the lock that keeps a
 * second Field Installer (or browser-mode bridge) off the same data dir: the OS drops the lock
 * when the process dies, so a crash never leaves a stale lock behind.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir } from '../../common/private-dir';
import { AppError } from '../app-error';
import { StoredOrganization as Organization } from '../api/records';
import { openDatabase, quickCheck, type Db } from '../db/open-database';
import { APP_MIGRATIONS } from '../db/schema';
import { damageError, isDamage } from '../db/storage-error';
import type { Logger } from '../../common/logger';
import { moveAside } from './damaged-file';

export const SessionRecord = z.object({
  baseUrl: z.string(),
  training: z.boolean(),
  user: z.object({ name: z.string() }).nullable(),
  organizations: z.array(Organization),
  organizationId: z.string().nullable(),
  /** Whose key the session uses (db/account-scope.ts); never the key. */
  keyFingerprint: z.string(),
});
export type SessionRecord = z.infer<typeof SessionRecord>;

export interface AppStore {
  session(): SessionRecord | null;
  saveSession(record: SessionRecord | null): void;
  setting(key: string): unknown;
  saveSetting(key: string, value: unknown): void;
  /**
   * Leaves no readable copy of what was deleted: deleted rows are zeroed in place
   * (secure_delete, on for this file) and the write-ahead log, which still holds the pages as
   * they were, is copied back and truncated to nothing.
   */
  purgeDeleted(): void;
  /** Where a damaged app.db found at this start was moved (the session in it was lost). */
  damage(): { keptAt: string } | null;
  close(): void;
}

const dataDirInUse = (dataDir: string): AppError =>
  new AppError({ kind: 'storage', code: 'data_dir_in_use', params: { dataDir } });

/**
 * app.db is a few kilobytes, so at open it is read whole: SQLite's quick_check, and every
 * stored value parsed. A value that does not read is damage, never "no such setting" (a
 * session read as null would sign the technician out without a word). The connection is
 * closed when it fails.
 */
function verify(db: Db): void {
  try {
    const problems = quickCheck(db);
    if (problems.length > 0) throw damageError(`app.db failed its check: ${problems.join('; ')}`);
    for (const { key, value } of db.prepare('SELECT key, value FROM settings').all() as {
      key: string;
      value: string;
    }[]) {
      try {
        JSON.parse(value);
      } catch {
        throw damageError(`app.db: the setting ${JSON.stringify(key.slice(0, 40))} does not read`);
      }
    }
  } catch (error) {
    db.close();
    throw error;
  }
}

export function openAppStore(dataDir: string, log: Logger): AppStore {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, 'app.db');
  // Session and hints only: nothing here acknowledges a technician's action.
  const open = () =>
    openDatabase(path, { migrations: APP_MIGRATIONS, exclusive: true, durability: 'normal' });
  let db: Db;
  let damage: { keptAt: string } | null = null;
  try {
    db = open();
    verify(db);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_LOCKED')) throw dataDirInUse(dataDir);
    if (!isDamage(error)) throw error;
    // It holds who was signed in, nothing else: keep the damaged file, start signed out, and
    // say so (storage.settingsDamage): the queue stays in work.db for the next sign-in.
    damage = { keptAt: moveAside(path) };
    log.error('app.db was unreadable; moved aside, starting signed out', {
      keptAt: damage.keptAt,
      error: String(error),
    });
    db = open();
  }
  // app.db keeps who was signed in; after "remove this computer's data" none of it may remain.
  db.pragma('secure_delete = ON');
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const del = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const setting = (key: string): unknown => {
    const row = get.get(key);
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  };
  const saveSetting = (key: string, value: unknown) =>
    value === undefined || value === null
      ? void del.run(key)
      : void put.run(key, JSON.stringify(value));
  return {
    session() {
      const parsed = SessionRecord.safeParse(setting('session'));
      return parsed.success ? parsed.data : null;
    },
    saveSession: (record) => saveSetting('session', record),
    setting,
    saveSetting,
    purgeDeleted: () => void db.pragma('wal_checkpoint(TRUNCATE)'),
    damage: () => damage,
    close: () => db.close(),
  };
}
