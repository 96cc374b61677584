/**
 * Which Chromium Playwright drives. Debian's (/usr/bin/chromium) where it exists — CI and the
 * build machines, which cannot download browsers — else CHROMIUM_PATH if set, else undefined:
 * Playwright's own Chromium (`npx playwright install chromium` once, on macOS and Windows).
 */
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const chromiumExecutable = (
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined => {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
};
