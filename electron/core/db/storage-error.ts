/**
 * SQLite failures in the technician's words. A full disk, a read-only folder or a failing
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
  const wording =
    code.startsWith('SQLITE_FULL') || FS_FULL.has(code)
      ? {
          message: 'The disk is full: nothing was saved.',
          nextStep:
            'Free some space on this computer (empty the bin, remove downloads), then try again.',
        }
      : code.startsWith('SQLITE_READONLY') ||
          code.startsWith('SQLITE_CANTOPEN') ||
          code.startsWith('SQLITE_PERM') ||
          FS_READ_ONLY.has(code)
        ? {
            message: 'The app cannot write to its data folder: nothing was saved.',
            nextStep:
              'Check that the disk is not read-only and that you may write to it, then restart the app.',
          }
        : code === 'SQLITE_BUSY' || code.startsWith('SQLITE_LOCKED')
          ? {
              message: 'Another Field Installer window is using the saved data: nothing was saved.',
              nextStep: 'Close the other window, then try again.',
            }
          : {
              message: 'The disk could not save the data: nothing was saved.',
              nextStep:
                'Try again. If it keeps happening, the disk may be failing: tell your IT department.',
            };
  return new AppError({ kind: 'storage', ...wording }, { cause: error });
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
