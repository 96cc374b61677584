/**
 * The cheapest integrity check there is, run before SQLite opens any of the app's databases:
 * the 100-byte header says how many pages the file holds (offset 28, valid when the
 * "version-valid-for" number at 92 equals the change counter at 24) and how big a page is
 * (offset 16). A file shorter than that lost its end (a torn copy, a sync tool, a failing
 * disk) unless the missing pages are in its write-ahead log, which SQLite reads first. SQLite
 * itself reads past the end as zeros, so a cut file can open "fine" and lose rows without a
 * word; quick_check finds most of that too, but reads every page (see background-check.ts).
 *
 * File format: https://www.sqlite.org/fileformat2.html#the_database_header and #walformat.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

const HEADER = 100;
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const WAL_HEADER = 32;
const FRAME_HEADER = 24;
const WAL_MAGIC = 0x377f0682;

/** `length` bytes at `position` of an open file; null when the file ends before. */
export function readAt(fd: number, length: number, position: number): Buffer | null {
  const buffer = Buffer.alloc(length);
  return readSync(fd, buffer, 0, length, position) === length ? buffer : null;
}

/** The first `length` bytes of the file at `path`; null when it is shorter. */
export function readStart(path: string, length: number): Buffer | null {
  const fd = openSync(path, 'r');
  try {
    return readAt(fd, length, 0);
  } finally {
    closeSync(fd);
  }
}

/**
 * The pages the WAL beside `dbPath` holds (its frames of the current salt) and the database's
 * size in pages after its last commit; null when there is no readable WAL. SQLite checks the
 * frames' checksums at open and stops at a bad one (store/wal-check.ts reports that for
 * work.db); here only which pages are there matters.
 */
function walPages(dbPath: string, pageSize: number): { pages: Set<number>; size: number } | null {
  const walPath = `${dbPath}-wal`;
  if (!existsSync(walPath)) return null;
  const fd = openSync(walPath, 'r');
  try {
    const header = readAt(fd, WAL_HEADER, 0);
    if (!header || (header.readUInt32BE(0) & ~1) >>> 0 !== WAL_MAGIC) return null;
    if (header.readUInt32BE(8) !== pageSize) return null;
    const salt = [header.readUInt32BE(16), header.readUInt32BE(20)];
    const pages = new Set<number>();
    let size = 0;
    const frameBytes = FRAME_HEADER + pageSize;
    for (let at = WAL_HEADER; ; at += frameBytes) {
      const frame = readAt(fd, FRAME_HEADER, at);
      if (!frame || frame.readUInt32BE(8) !== salt[0] || frame.readUInt32BE(12) !== salt[1]) break;
      pages.add(frame.readUInt32BE(0));
      // A commit frame carries the database's size in pages after that commit.
      const committed = frame.readUInt32BE(4);
      if (committed > 0) size = committed;
    }
    return { pages, size };
  } finally {
    closeSync(fd);
  }
}

/**
 * What is wrong with the file at `path` by its header and size, or null when nothing is
 * (including no file, or an empty one: SQLite makes a new database of it, and
 * open-database.ts `expectData` says when that is damage too).
 */
export function headerDamage(path: string): string | null {
  if (!existsSync(path)) return null;
  const size = statSync(path).size;
  if (size === 0) return null;
  if (size < HEADER) return `${size} bytes: shorter than a database header`;
  const header = readStart(path, HEADER);
  if (!header || !header.subarray(0, MAGIC.length).equals(MAGIC)) return 'not a database file';
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return `page size ${raw} is invalid`;
  const pageCount = header.readUInt32BE(28);
  // Written by a version of SQLite that did not keep the count (before 3.7.0): nothing to judge.
  if (pageCount === 0 || header.readUInt32BE(92) !== header.readUInt32BE(24)) return null;
  const whole = Math.floor(size / pageSize);
  if (whole >= pageCount) return null;
  // Pages past the end may be in the WAL (not copied back yet), or gone by a later commit.
  const wal = walPages(path, pageSize);
  const last = wal && wal.size > 0 ? Math.min(wal.size, pageCount) : pageCount;
  for (let page = whole + 1; page <= last; page++) {
    if (!wal?.pages.has(page)) {
      return `${size} bytes hold ${whole} of the ${pageCount} pages its header names`;
    }
  }
  return null;
}
