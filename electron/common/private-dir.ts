/**
 * Folders that hold store names, serials, the queue, the activity log or logs are readable by
 * this user only. mkdir's mode applies only to folders it creates, so a folder an older
 * version (or the user) made 0755 is set to 0700 here too. Windows has no such modes: its
 * folders under the profile are private by their ACLs.
 */
import { chmodSync, mkdirSync } from 'node:fs';

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
