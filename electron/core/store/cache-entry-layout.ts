/**
 * How one cache entry is laid out on disk: `{"fetchedAt":"…","crc32":N,"value":…}`.
 *
 * Ordinary JSON, with the value last so its bytes can be cut out without parsing or even
 * decoding them (a 100,000-device list goes to the renderer as stored; see ../json-text.ts),
 * and a CRC-32 of those bytes so a damaged or hand-edited file is caught without parsing it
 * either. CRC-32 guards against accidents, not attackers: whoever can write the cache folder
 * can run code as the user anyway.
 */
import { crc32 } from 'node:zlib';

const HEAD = /^\{"fetchedAt":("[^"\\]*"),"crc32":(\d+),"value":/;
/** The head is short ASCII: `fetchedAt` is an ISO time, the checksum at most ten digits. */
export const HEAD_MAX_BYTES = 128;
const CLOSING_BRACE = 0x7d;

/** The file's bytes, joined once: the value may come in pieces (a list built page by page). */
export function entryBytes(value: readonly Buffer[], fetchedAt: string): Buffer {
  const crc = value.reduce((sum, piece) => crc32(piece, sum), 0);
  const head = `{"fetchedAt":${JSON.stringify(fetchedAt)},"crc32":${crc},"value":`;
  return Buffer.concat([Buffer.from(head), ...value, Buffer.from('}')]);
}

/** Where an entry's value lies in its file, and what its checksum must be. */
export type EntryHead =
  | { fetchedAt: string; crc32: number; valueStart: number; valueLength: number }
  | { problem: string };

/**
 * Reads the head from the file's first bytes (HEAD_MAX_BYTES are enough), given the file's
 * size and its last byte; the value's bytes are not needed for this.
 */
export function parseEntryHead(
  first: Buffer,
  size: number,
  lastByte: number | undefined,
): EntryHead {
  const head = HEAD.exec(first.subarray(0, HEAD_MAX_BYTES).toString('latin1'));
  if (!head?.[1] || !head[2]) return { problem: 'not a cache entry of this version' };
  if (size <= head[0].length || lastByte !== CLOSING_BRACE) return { problem: 'truncated' };
  return {
    fetchedAt: JSON.parse(head[1]) as string,
    crc32: Number(head[2]),
    valueStart: head[0].length,
    valueLength: size - head[0].length - 1,
  };
}

export type SplitEntry = { fetchedAt: string; value: Buffer } | { problem: string };

/** An entry read whole: its value checked against the checksum. */
export function splitEntry(file: Buffer): SplitEntry {
  const head = parseEntryHead(file, file.length, file[file.length - 1]);
  if ('problem' in head) return head;
  // A view, not a copy: the bytes stay in the buffer the file was read into.
  const value = file.subarray(head.valueStart, head.valueStart + head.valueLength);
  if (crc32(value) !== head.crc32) return { problem: 'checksum mismatch' };
  return { fetchedAt: head.fetchedAt, value };
}
