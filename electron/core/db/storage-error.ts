/**
 * SQLite failures as the technician's problem. A full disk, a read-only folder or a failing
 * drive is its own error kind ('storage'), never "internal": the technician can act on it, and
 * it always means nothing was saved (the transaction rolled back).
 */
import { AppError } from '../app-error';

/** better-sqlite3's SqliteError carries SQLite's extended result code name in `code`. */
const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

export const isSqliteError = (error: unknown): boolean => codeOf(error).startsWith('SQLITE_');

/** What the OS answers (Node's fs) when the data folder cannot be written. */
const FS_FULL = new Set(['ENOSPC', 'EDQUOT']);
// ENOENT: Node's recursive mkdir answers it for a folder it cannot make on a read-only disk.
const FS_READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOENT']);
const FS_FAILING = new Set(['EIO', 'ENOTDIR', 'EISDIR', 'EBUSY']);

/** A SQLite failure, or the OS refusing a file or folder of the data dir (fs errno codes). */
export const isStorageFailure = (error: unknown): boolean => {
  const code = codeOf(error);
  return (
    code.startsWith('SQLITE_') ||
    FS_FULL.has(code) ||
    FS_READ_ONLY.has(code) ||
    FS_FAILING.has(code)
  );
};

/**
 * Damage found by the app's own checks (a header, a lost WAL, a failed quick_check), coded as
 * SQLite codes its own, so every caller handles both alike.
 */
export const damageError = (message: string): Error =>
  Object.assign(new Error(message), { code: 'SQLITE_CORRUPT' });

/** Damage to the file itself (also behind a 'storage' AppError): rebuild or move aside. */
export const isDamage = (error: unknown): boolean => {
  const code = codeOf(error);
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return true;
  return error instanceof AppError && error.cause !== undefined && isDamage(error.cause);
};

export function storageError(error: unknown): AppError {
  const code = codeOf(error);
  return new AppError(
    {
      kind: 'storage',
      code:
        code.startsWith('SQLITE_FULL') || FS_FULL.has(code)
          ? 'disk_full'
          : code.startsWith('SQLITE_READONLY') ||
              code.startsWith('SQLITE_CANTOPEN') ||
              code.startsWith('SQLITE_PERM') ||
              FS_READ_ONLY.has(code)
            ? 'disk_read_only'
            : code === 'SQLITE_BUSY' || code.startsWith('SQLITE_LOCKED')
              ? 'data_busy'
              : 'disk_failing',
    },
    { cause: error },
  );
}

/** Runs a storage operation; a SQLite failure becomes the 'storage' AppError. */
export function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AppError || !isSqliteError(error)) throw error;
    throw storageError(error);
  }
}

/** `guarded` for work done a step at a time (each step a turn of the event loop). */
export async function guardedSteps<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError || !isSqliteError(error)) throw error;
    throw storageError(error);
  }
}
