/**
 * Which Chromium Playwright drives. Debian's (/usr/bin/chromium) where it exists — CI and the
 * build machines, which cannot download browsers — else CHROMIUM_PATH if set, else undefined:
 * Playwright's own Chromium (`npx playwright install chromium` once, on macOS, Windows and
 * Ubuntu). Ubuntu's Chromium is a snap: a /usr/bin/chromium that leads into /snap (a link, or
 * the wrapper script of the transitional package) is passed over, because snap confinement
 * keeps it from the profile folders and loopback sockets Playwright gives it.
 */
import { existsSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Whether `path` is Ubuntu's snap Chromium (a link into /snap, or a small script that runs it). */
const target = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return readlinkSync(path); // a link whose target this process cannot follow
  }
};

export const isSnap = (path: string): boolean => {
  try {
    if (target(path).startsWith('/snap/')) return true;
    // A real browser binary is megabytes; the snap wrapper is a short shell script.
    if (statSync(path).size > 64 * 1024) return false;
    const head = readFileSync(path, 'utf8');
    return head.startsWith('#!') && /\bsnap\b/.test(head);
  } catch {
    return false;
  }
};

export const chromiumExecutable = (
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
  snap: (path: string) => boolean = isSnap,
): string | undefined => {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM) && !snap(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
};
