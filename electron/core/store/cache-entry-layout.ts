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
const HEAD_MAX_BYTES = 128;
const CLOSING_BRACE = 0x7d;

export function entryBytes(value: Buffer, fetchedAt: string): Buffer {
  const head = `{"fetchedAt":${JSON.stringify(fetchedAt)},"crc32":${crc32(value)},"value":`;
  return Buffer.concat([Buffer.from(head), value, Buffer.from('}')]);
}

export type SplitEntry = { fetchedAt: string; value: Buffer } | { problem: string };

export function splitEntry(file: Buffer): SplitEntry {
  const head = HEAD.exec(file.subarray(0, HEAD_MAX_BYTES).toString('latin1'));
  if (!head?.[1] || !head[2]) return { problem: 'not a cache entry of this version' };
  if (file.length <= head[0].length || file[file.length - 1] !== CLOSING_BRACE) {
    return { problem: 'truncated' };
  }
  // A view, not a copy: the bytes stay in the buffer the file was read into.
  const value = file.subarray(head[0].length, file.length - 1);
  if (crc32(value) !== Number(head[2])) return { problem: 'checksum mismatch' };
  return { fetchedAt: JSON.parse(head[1]) as string, value };
}
