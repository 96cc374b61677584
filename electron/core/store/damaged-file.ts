/**
 * A work.db that SQLite cannot read is never replaced silently: it is moved aside (with its
 * WAL, which may hold the newest commits) and the technician is told how many queued actions
 * it may have held and where it was kept.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { PRIVATE_FILE_MODE } from '../../common/private-dir';

const DAMAGED_MARK = '.damaged-';

/** Moves `path` (and -wal, -shm) aside; answers the new path of the database file. */
export function moveAside(path: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const aside = `${path}${DAMAGED_MARK}${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

/**
 * Remembers, beside a damaged copy, how many queued actions it held: the larger of what its
 * bytes still show and the count kept outside it (`hint`), because a zero-filled file shows
 * nothing at all.
 */
export function recordHeld(aside: string, hint: number | null, walLost = false): void {
  const counted = walLost ? countWithWal(aside) : countIntentsIn(aside);
  writeFileSync(`${aside}.count`, String(Math.max(counted, hint ?? 0)), {
    mode: PRIVATE_FILE_MODE,
  });
}

/**
 * A copy whose WAL lost commits (store/wal-check.ts): SQLite's count misses the actions in
 * the frames it cannot read, so the intent ids still in the WAL's bytes count too.
 */
function countWithWal(path: string): number {
  const ids = idsInBytes(path, ['-wal']);
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      for (const row of db.prepare('SELECT id FROM intents').all() as { id: string }[])
        ids.add(row.id);
    } finally {
      db.close();
    }
  } catch {
    return Math.max(ids.size, countIntentsIn(path));
  }
  return ids.size;
}

const idsInBytes = (path: string, suffixes: string[]): Set<string> => {
  const ids = new Set<string>();
  for (const suffix of suffixes) {
    if (!existsSync(path + suffix)) continue;
    for (const match of readFileSync(path + suffix)
      .toString('latin1')
      .matchAll(INTENT_ID))
      ids.add(match[0]);
  }
  return ids;
};

/** How many queued actions a damaged copy held, as recorded when it was moved aside. */
export function heldBy(aside: string): number {
  try {
    const recorded = Number(readFileSync(`${aside}.count`, 'utf8'));
    if (Number.isInteger(recorded) && recorded >= 0) return recorded;
  } catch {
    // No record (moved aside by hand, or by an older version): count what the bytes show.
  }
  return countIntentsIn(aside);
}

/** Damaged copies of `path` kept beside it, oldest first. */
export const damagedCopies = (path: string): string[] =>
  readdirSync(dirname(path))
    .filter(
      (name) =>
        name.startsWith(basename(path) + DAMAGED_MARK) && !/(-wal|-shm|\.count)$/.test(name),
    )
    .sort()
    .map((name) => join(dirname(path), name));

const INTENT_ID = /q-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * How many queued actions a damaged work.db may have held: every row SQLite still reads, when
 * the whole table does; else those it read before the damage together with the distinct
 * intent ids found in its bytes (an upper bound: it may count ids of actions already sent
 * whose bytes were not overwritten yet).
 */
function countIntentsIn(path: string): number {
  const read = new Set<string>();
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      for (const row of db.prepare('SELECT id FROM intents').iterate() as Iterable<{ id: string }>)
        read.add(row.id);
      return read.size;
    } finally {
      db.close();
    }
  } catch {
    const ids = idsInBytes(path, ['', '-wal']);
    for (const id of read) ids.add(id);
    return ids.size;
  }
}
