/**
 * A byte range of an open file, read in chunks through one reused buffer: a cached
 * 100,000-device list (23 MB) is checked and sent without a buffer its size
 * (../json-text.ts says why that matters).
 *
 * The handle is opened once and kept until the region has been read, so a cache write that
 * lands meanwhile (an atomic rename) cannot change the bytes under the reader: the handle
 * still points at the file that was checked.
 */
import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import type { ByteSource } from '../json-text';

const CHUNK_BYTES = 256 * 1024;

/** Reads [start, start + length) chunk by chunk into `buffer`; yields views of it. */
async function* readRegion(
  file: FileHandle,
  start: number,
  length: number,
  buffer: Buffer,
): AsyncGenerator<Buffer> {
  let offset = 0;
  while (offset < length) {
    const want = Math.min(buffer.length, length - offset);
    const { bytesRead } = await file.read(buffer, 0, want, start + offset);
    if (bytesRead === 0) throw new Error('the file ended before the region did');
    yield buffer.subarray(0, bytesRead);
    offset += bytesRead;
  }
}

export async function crc32OfRegion(
  file: FileHandle,
  start: number,
  length: number,
): Promise<number> {
  let crc = 0;
  for await (const chunk of readRegion(file, start, length, Buffer.allocUnsafe(CHUNK_BYTES))) {
    crc = crc32(chunk, crc);
  }
  return crc;
}

/** A one-time source over the region; the file is closed once it is read or abandoned. */
export function fileRegionSource(file: FileHandle, start: number, length: number): ByteSource {
  let used = false;
  return {
    byteLength: length,
    async *chunks() {
      if (used) throw new Error('a file region can be read once');
      used = true;
      try {
        yield* readRegion(
          file,
          start,
          length,
          Buffer.allocUnsafe(Math.min(CHUNK_BYTES, length || 1)),
        );
      } finally {
        await file.close();
      }
    },
  };
}
