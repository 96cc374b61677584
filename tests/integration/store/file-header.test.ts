/**
 * The header check every database gets before SQLite opens it (db/file-header.ts), on real
 * SQLite files: a file shorter than the pages its header names is damage, unless the missing
 * pages are in its WAL (SQLite reads them from there: a crash in the middle of copying them
 * back leaves exactly that), and SQLite then reads every row.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { headerDamage } from '../../../electron/core/db/file-header';

const dir = mkdtempSync(join(tmpdir(), 'fi-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 400;
/** A WAL-mode database of a few dozen pages, everything copied back into the main file. */
function database(name: string): string {
  const path = join(dir, name);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)');
  const insert = db.prepare('INSERT INTO t (text) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(`row ${i} ${'x'.repeat(200)}`);
  })();
  db.close();
  return path;
}

const pageSizeOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('headerDamage', () => {
  it('finds nothing wrong with a sound file, a missing one or an empty one', () => {
    const path = database('sound.db');
    expect(headerDamage(path)).toBeNull();
    expect(headerDamage(join(dir, 'missing.db'))).toBeNull();
    writeFileSync(join(dir, 'empty.db'), '');
    expect(headerDamage(join(dir, 'empty.db'))).toBeNull();
  });

  it.each([
    ['cut to half', (size: number) => Math.floor(size / 2)],
    ['one page short', (size: number, page: number) => size - page],
    ['cut inside its last page', (size: number) => size - 10],
    ['cut to 100 bytes', () => 100],
    ['cut inside its header', () => 60],
  ])('names a file %s', (_, cut) => {
    const path = database(`cut-${Math.random()}.db`);
    const size = statSync(path).size;
    truncateSync(path, cut(size, pageSizeOf(path)));
    expect(headerDamage(path)).toMatch(/pages its header names|shorter than a database header/);
  });

  it('names a file that is not a database', () => {
    const path = join(dir, 'text.db');
    writeFileSync(path, 'x'.repeat(4096));
    expect(headerDamage(path)).toBe('not a database file');
  });

  it('accepts a file short of pages its WAL holds, and SQLite reads every row of it', () => {
    const path = database('covered.db');
    const page = pageSizeOf(path);
    const pages = statSync(path).size / page;
    // Every row rewritten into the WAL and not copied back: the file as a crash in the middle
    // of the copy leaves it, a header naming every page and only the first ones written.
    const db = new Database(path);
    db.pragma('wal_autocheckpoint = 0');
    db.exec(`UPDATE t SET text = text || '!'`);
    const copy = join(dir, 'covered-copy.db');
    copyFileSync(path, copy);
    copyFileSync(`${path}-wal`, `${copy}-wal`);
    db.close();
    truncateSync(copy, Math.floor(pages / 2) * page);
    expect(headerDamage(copy)).toBeNull();
    const read = new Database(copy);
    try {
      expect(read.pragma('quick_check', { simple: true })).toBe('ok');
      expect((read.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(ROWS);
    } finally {
      read.close();
    }
    // Without that WAL (closing the reader copied it back and removed it) a cut file has lost
    // its end.
    rmSync(`${copy}-wal`, { force: true });
    rmSync(`${copy}-shm`, { force: true });
    truncateSync(copy, Math.floor(pages / 2) * page);
    expect(headerDamage(copy)).toMatch(/pages its header names/);
  });
});
