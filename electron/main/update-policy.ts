/**
 * Whether and from where the app updates itself, and when an update may be installed. Pure.
 * - The feed: the managed `UpdateUrl` when a policy sets one, else the feed built into the
 *   package (`FIELD_INSTALLER_UPDATE_URL` at `npm run dist`, see build/update-feed.cjs), else
 *   none. Off in unpackaged runs and when the policy switches updates off
 *   (UpdatesEnabled = 0/false), whatever the feed.
 * - Never a restart the technician did not choose: a downloaded update waits for "Restart", and
 *   is installed on a normal quit only while no action is queued (a visit with queued work
 *   must not end in an installer).
 */
import type { ManagedSettings } from '../shared';

export type UpdateOffReason = 'development' | 'policy' | 'no-feed';
export type UpdateDecision =
  | { enabled: true; url: string; source: 'policy' | 'build' }
  | { enabled: false; reason: UpdateOffReason };

export const updateDecision = (
  managed: ManagedSettings,
  isPackaged: boolean,
  builtInUrl: string | null,
): UpdateDecision => {
  if (!isPackaged) return { enabled: false, reason: 'development' };
  if (managed.updatesEnabled === false) return { enabled: false, reason: 'policy' };
  if (managed.updateUrl !== null)
    return { enabled: true, url: managed.updateUrl, source: 'policy' };
  if (builtInUrl !== null) return { enabled: true, url: builtInUrl, source: 'build' };
  return { enabled: false, reason: 'no-feed' };
};

/**
 * The feed built into this package: `updateFeed` in the packaged package.json (electron-builder's
 * extraMetadata). Only an https URL counts; anything else is no feed.
 */
export const builtInUpdateUrl = (packageJson: unknown): string | null => {
  if (packageJson === null || typeof packageJson !== 'object') return null;
  const feed = (packageJson as { updateFeed?: unknown }).updateFeed;
  if (typeof feed !== 'string') return null;
  try {
    return new URL(feed).protocol === 'https:' ? feed : null;
  } catch {
    return null;
  }
};

/** electron-updater's autoInstallOnAppQuit for the current queue. */
export const installOnQuit = (queued: number): boolean => queued === 0;

/** How often to look for an update while the app runs. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
