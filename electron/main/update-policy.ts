/**
 * Whether and from where the app updates itself, and when an update may be installed. Pure.
 * - Off in unpackaged runs, when the policy switches updates off (UpdatesEnabled = 0/false),
 *   and when no update URL is managed (there is no built-in update server to fall back to).
 * - Never a restart the technician did not choose: a downloaded update waits for "Restart", and
 *   is installed on a normal quit only while no action is queued (a visit with queued work
 *   must not end in an installer).
 */
import type { ManagedSettings } from '../contract';

export type UpdateDecision = { enabled: true; url: string } | { enabled: false; reason: string };

export const updateDecision = (managed: ManagedSettings, isPackaged: boolean): UpdateDecision => {
  if (!isPackaged) return { enabled: false, reason: 'development run' };
  if (managed.updatesEnabled === false) return { enabled: false, reason: 'turned off by policy' };
  if (managed.updateUrl === null) return { enabled: false, reason: 'no update URL is set' };
  return { enabled: true, url: managed.updateUrl };
};

/** electron-updater's autoInstallOnAppQuit for the current queue. */
export const installOnQuit = (queued: number): boolean => queued === 0;

/** How often to look for an update while the app runs. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
