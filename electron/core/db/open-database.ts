/**
 * Opens one SQLite file with the settings every acknowledged write relies on: WAL (readers do
 * not block the writer), synchronous=FULL (a commit is on disk before it returns, so
 * "acknowledged" survives a power cut), foreign keys on, and the file's migrations applied in
 * order. better-sqlite3 is synchronous by design: each query is microseconds on the local disk,
 * and one connection per file avoids any lock contention inside the process.
 */
import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile } from '../../common/private-dir';
import { headerDamage } from './file-header';
import type { Migration } from './schema';
import { damageError } from './storage-error';

export type Db = Database.Database;

export interface OpenOptions {
  migrations: readonly Migration[];
  /** Hold the file exclusively for the life of the connection (app.db: one process per dir). */
  exclusive?: boolean;
  /**
   * 'full' (the default) for files whose commits acknowledge a technician's action: on disk
   * before the commit returns. 'normal' for data that can be rebuilt or is advisory: WAL still
   * keeps it consistent after a crash, but the last commits may be lost in a power cut.
   */
  durability?: 'full' | 'normal';
  readonly?: boolean;
  /**
   * The file is known to have held data (work.db with queued actions, as app.db last counted):
   * one with no schema at all lost it (cut to nothing, or its WAL gone with every commit since
   * it was created), and is damage, not a new database.
   */
  expectData?: boolean;
}

export function openDatabase(path: string, options: OpenOptions): Db {
  // SQLite's names for a database in memory or a temporary one: no file to check or create.
  const inMemory = path === ':memory:' || path === '';
  // Before SQLite reads it: a file cut short opens without complaint and reads zeros.
  const damage = inMemory ? null : headerDamage(path);
  if (damage !== null) throw damageError(`${path}: ${damage}`);
  if (!options.readonly && !inMemory) {
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(path + suffix)) ensurePrivateFile(path + suffix);
    ensurePrivateFile(path);
  }
  const db = new Database(path, { readonly: options.readonly ?? false, timeout: 200 });
  try {
    if (options.readonly) return db;
    if (options.expectData && db.pragma('user_version', { simple: true }) === 0) {
      throw damageError(`${path}: no tables, while it held data`);
    }
    if (options.exclusive) db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.durability === 'normal' ? 'NORMAL' : 'FULL'}`);
    db.pragma('foreign_keys = ON');
    // Reading the schema touches the header and the first pages: a file that is not a
    // database (zero-filled, garbled, truncated header) fails here, at open, not mid-visit.
    migrate(db, options.migrations);
    if (options.exclusive) db.exec('BEGIN EXCLUSIVE; COMMIT');
    return db;
  } catch (error) {
    db.close();
    throw explainIoError(error, path);
  }
}

/** Less free space than this on the file's disk counts as a full disk. */
const FULL_BELOW_BYTES = 1024 * 1024;

/**
 * SQLite reports some failures at open as a plain I/O error, which would be worded as a
 * failing disk: the -shm file it cannot grow on a full disk (SQLITE_IOERR_SHMSIZE), the lock
 * it cannot take on a file it could only open read-only (SQLITE_IOERR_LOCK). They are said
 * as what they are when the disk has no room left, or the file or its folder cannot be
 * written.
 */
function explainIoError(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_IOERR')) return error;
  const as = (sqliteCode: string, what: string) =>
    Object.assign(new Error(`${String(error)} (${what})`, { cause: error }), { code: sqliteCode });
  try {
    const disk = statfsSync(dirname(path));
    if (disk.bavail * disk.bsize < FULL_BELOW_BYTES) return as('SQLITE_FULL', 'the disk is full');
  } catch {
    // No answer about space: judged on what follows.
  }
  for (const target of [path, dirname(path)]) {
    try {
      if (existsSync(target)) accessSync(target, constants.W_OK);
    } catch {
      return as('SQLITE_READONLY', `${target} cannot be written`);
    }
  }
  return error;
}

function migrate(db: Db, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`database is from a newer version of the app (schema ${current})`);
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** SQLite's own quick structural check: "ok" or the first problems found. */
export function quickCheck(db: Db): string[] {
  const rows = db.pragma('quick_check(5)') as { quick_check: string }[];
  const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  return problems;
}
