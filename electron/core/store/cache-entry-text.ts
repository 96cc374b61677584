/**
 * How one cache entry is laid out on disk: `{"fetchedAt":"…","crc32":N,"value":…}`.
 *
 * Ordinary JSON, with the value last so its text can be cut out without parsing it (a
 * 100,000-device list goes to the renderer as stored; see ../json-text.ts), and a CRC-32 of
 * that text so a damaged or hand-edited file is caught without parsing it either. CRC-32
 * guards against accidents, not attackers: whoever can write the cache folder can run code
 * as the user anyway.
 */
import { crc32 } from 'node:zlib';

const HEAD = /^\{"fetchedAt":("(?:[^"\\]|\\.)*"),"crc32":(\d+),"value":/;

export function entryText(valueJson: string, fetchedAt: string): string {
  return `{"fetchedAt":${JSON.stringify(fetchedAt)},"crc32":${crc32(valueJson)},"value":${valueJson}}`;
}

export type SplitEntry = { fetchedAt: string; valueJson: string } | { problem: string };

export function splitEntryText(text: string): SplitEntry {
  const head = HEAD.exec(text);
  if (!head?.[1] || !head[2]) return { problem: 'not a cache entry of this version' };
  if (!text.endsWith('}')) return { problem: 'truncated' };
  const valueJson = text.slice(head[0].length, -1);
  if (crc32(valueJson) !== Number(head[2])) return { problem: 'checksum mismatch' };
  return { fetchedAt: JSON.parse(head[1]) as string, valueJson };
}
