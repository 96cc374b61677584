/**
 * Small tmpfs disks for the disk-full and read-only-disk tests (a real file system that runs
 * out of space or refuses writes). Mounting needs root (CAP_SYS_ADMIN); where it is refused,
 * the reason is returned for the test to skip with.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/** Mounts a tmpfs of `size` (e.g. '2m') on `dir`, made if missing; the reason when it cannot. */
export function mountTmpfs(dir: string, size: string): string | null {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
    return null;
  } catch (error) {
    return `cannot mount a tmpfs here (needs root / CAP_SYS_ADMIN): ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}

/** Unmounts it, lazily when something still holds it open. */
export function unmountTmpfs(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  }
}
