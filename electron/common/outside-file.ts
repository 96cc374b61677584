/**
 * Reading a file that comes from outside the app (a managed policy file, the organization's
 * checklist file named by a policy): the one way such a file is read.
 *
 * - Opened asynchronously and with O_NONBLOCK, so neither a slow disk nor a FIFO with no
 *   writer holds the thread (a FIFO opened for reading without it waits for a writer forever);
 * - it must be a regular file once opened (fstat of the open descriptor, so a path swapped
 *   after a check cannot slip a device in): a FIFO, a socket, a device or a link to /dev/zero
 *   is refused at once — `stat().size` is 0 for all of them, so a size check alone lets them
 *   through, and reading /dev/zero never ends;
 * - at most `maxBytes + 1` bytes are read, however large the file says it is or grows while
 *   read: one byte more than the limit is how "too large" is known without reading it whole.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** Why a file could not be used: its own words, or the system's error code (ENOENT, EACCES…). */
export type OutsideFileProblem = 'not_a_file' | 'too_large' | string;

export class OutsideFileError extends Error {
  constructor(readonly problem: OutsideFileProblem) {
    super(`file not used: ${problem}`);
  }
}

const systemCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code.slice(0, 40)
    : 'unreadable';

/** The file's bytes, or an OutsideFileError (ENOENT for a file that is not there). */
export async function readOutsideFile(path: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    // O_NONBLOCK does not exist on Windows (0 there): opening never waits on a pipe there.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new OutsideFileError(systemCode(error));
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new OutsideFileError('not_a_file');
    if (info.size > maxBytes) throw new OutsideFileError('too_large');
    const buffer = Buffer.alloc(maxBytes + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) throw new OutsideFileError('too_large');
    return buffer.subarray(0, filled);
  } catch (error) {
    throw error instanceof OutsideFileError ? error : new OutsideFileError(systemCode(error));
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The file as UTF-8 text (see readOutsideFile). */
export const readOutsideText = async (path: string, maxBytes: number): Promise<string> =>
  (await readOutsideFile(path, maxBytes)).toString('utf8');
