/**
 * After a crash, work.db's newest commits may live only in work.db-wal. When SQLite opens the
 * file it replays the WAL up to the first frame it cannot read (a garbled or truncated frame,
 * a garbled header, a deleted file) and silently drops the rest: acknowledged actions would be
 * gone without a word. SQLite's first connection rebuilds the -shm index from the WAL and
 * ignores what the old one said, so this reads the old one first: its header names the last
 * committed frame (mxFrame) and how far the main file already holds them (nBackfill). Frames
 * it names that the WAL cannot give back are lost commits; the caller then treats work.db as
 * damaged (moved aside with its WAL, and reported).
 *
 * File formats: https://www.sqlite.org/fileformat2.html#walformat and #walindexformat.
 */
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
import { readAt, readStart } from '../db/file-header';

const WAL_MAGIC = 0x377f0682; // low bit set: checksums in big-endian order
const WAL_VERSION = 3007000;
const WAL_HEADER = 32;
const FRAME_HEADER = 24;
/** Two copies of the 48-byte index header, then the checkpoint info (nBackfill first). */
const SHM_BYTES = 136;

type Reader = (bytes: Buffer, at: number) => number;
const be: Reader = (b, at) => b.readUInt32BE(at);
const le: Reader = (b, at) => b.readUInt32LE(at);

const NATIVE: Reader = endianness() === 'LE' ? le : be;

/** SQLite's WAL checksum over `bytes` (a multiple of 8), continuing from `[s1, s2]`. */
function checksum(bytes: Buffer, read: Reader, s: [number, number]): [number, number] {
  let [s1, s2] = s;
  if (read === NATIVE && bytes.byteOffset % 4 === 0) {
    // The usual case (a WAL written on this kind of machine): words read as they lie, several
    // times faster than one Buffer read per word over a few MB of WAL.
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
    for (let i = 0; i + 1 < words.length; i += 2) {
      s1 = (s1 + (words[i] ?? 0) + s2) >>> 0;
      s2 = (s2 + (words[i + 1] ?? 0) + s1) >>> 0;
    }
    return [s1, s2];
  }
  for (let at = 0; at + 8 <= bytes.length; at += 8) {
    s1 = (s1 + read(bytes, at) + s2) >>> 0;
    s2 = (s2 + read(bytes, at + 4) + s1) >>> 0;
  }
  return [s1, s2];
}

interface IndexHeader {
  mxFrame: number;
  nBackfill: number;
  pageSize: number;
  salt: [number, number];
}

/** The old -shm's header, when both copies agree and its checksum holds; null otherwise. */
function indexHeader(path: string): IndexHeader | null {
  if (!existsSync(path) || statSync(path).size < SHM_BYTES) return null;
  const shm = readStart(path, SHM_BYTES);
  if (!shm || !shm.subarray(0, 48).equals(shm.subarray(48, 96))) return null;
  // The index is in the machine's own byte order.
  const read = NATIVE;
  if (read(shm, 0) !== WAL_VERSION || shm[12] !== 1) return null;
  const [c1, c2] = checksum(shm.subarray(0, 40), read, [0, 0]);
  if (c1 !== read(shm, 40) || c2 !== read(shm, 44)) return null;
  const size = read === le ? shm.readUInt16LE(14) : shm.readUInt16BE(14);
  return {
    pageSize: size === 1 ? 65_536 : size,
    mxFrame: read(shm, 16),
    // Copied as they are from the WAL header's bytes, not in the machine's order.
    salt: [be(shm, 32), be(shm, 36)],
    nBackfill: read(shm, 96),
  };
}

/**
 * True when the -shm left by a crash names committed frames that the -wal cannot give back:
 * SQLite would open the file without them. False when there is nothing to judge by (no -shm,
 * or an unreadable one: then the WAL is what SQLite has, and it reads it as well as it can).
 */
export function walLostCommits(dbPath: string): boolean {
  const index = indexHeader(`${dbPath}-shm`);
  // Every committed frame is in the main file already (or none was named).
  if (!index || index.mxFrame <= index.nBackfill) return false;
  const walPath = `${dbPath}-wal`;
  if (!existsSync(walPath)) return true;
  const fd = openSync(walPath, 'r');
  try {
    const header = readAt(fd, WAL_HEADER, 0);
    if (!header) return true;
    const magic = be(header, 0);
    if ((magic & ~1) >>> 0 !== WAL_MAGIC || be(header, 4) !== WAL_VERSION) return true;
    const read = magic & 1 ? be : le;
    let sum = checksum(header.subarray(0, 24), read, [0, 0]);
    if (sum[0] !== be(header, 24) || sum[1] !== be(header, 28)) return true;
    const salt: [number, number] = [be(header, 16), be(header, 20)];
    // A WAL restarted after the -shm was last written to disk (a power cut, not a crash of
    // the app): a restart needs every earlier frame in the main file, so none is lost.
    if (salt[0] !== index.salt[0] || salt[1] !== index.salt[1]) return false;
    const pageSize = be(header, 8);
    if (pageSize !== index.pageSize) return true;
    // The committed frames in one read (a few MB at most: SQLite checkpoints at 1,000 pages).
    const frameBytes = FRAME_HEADER + pageSize;
    const frames = readAt(fd, index.mxFrame * frameBytes, WAL_HEADER);
    if (!frames) return true;
    for (let frame = 0; frame < index.mxFrame; frame++) {
      const bytes = frames.subarray(frame * frameBytes, (frame + 1) * frameBytes);
      if (be(bytes, 8) !== salt[0] || be(bytes, 12) !== salt[1]) return true;
      sum = checksum(bytes.subarray(0, 8), read, sum);
      sum = checksum(bytes.subarray(FRAME_HEADER), read, sum);
      if (sum[0] !== be(bytes, 16) || sum[1] !== be(bytes, 20)) return true;
    }
    return false;
  } finally {
    closeSync(fd);
  }
}
