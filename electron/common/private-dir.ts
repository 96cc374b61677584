/**
 * Folders and files that hold store names, serials, the queue, the activity log, photos or
 * logs are readable by this user only: folders 0700, files 0600. mkdir's and open's modes
 * apply only to what they create, so a folder or file an older version (or the user) left
 * 0755/0644 is set private here too. Windows has no such modes: its folders under the profile
 * are private by their ACLs.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

const POSIX = process.platform !== 'win32';

/** The mode for every file the app writes in its data folder (and for files it exports). */
export const PRIVATE_FILE_MODE = 0o600;

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX) chmodSync(dir, 0o700);
}

/**
 * Creates `path` empty and private when missing, or makes an existing one private. Done before
 * SQLite opens a database: SQLite gives its -wal and -shm the database file's own mode, so a
 * private database file keeps its logs private whatever the process umask.
 */
export function ensurePrivateFile(path: string): void {
  if (!POSIX) return;
  if (!existsSync(path)) {
    closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
    return;
  }
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
  } catch {
    // A read-only disk or another owner: the file is used as it is; its folder is 0700.
  }
}

/**
 * New files of this process readable by this user only (umask 0077), set by each host (the
 * Electron main process, browser mode) before anything is written: the files SQLite, Chromium
 * and libraries create on their own get it too. The core does not rely on it (see above).
 */
export function restrictNewFiles(): void {
  if (POSIX) process.umask(0o077);
}
