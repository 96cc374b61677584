/**
 * electron-updater wiring (decisions in update-policy.ts): a generic provider at the decided
 * feed, downloads in the background, then a quiet `update-ready` push event — the page shows
 * "Update ready — restart" and nothing else happens until the technician chooses it.
 * "Check for updates…" (the menu) asks at once and says what came of it; the state (feed, last
 * check and its result, a download under way or ready) goes into Export diagnostics.
 */
import type { AppUpdater, UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import type { PushEvent } from '../contract';
import type { Logger } from '../common/logger';
import {
  CHECK_INTERVAL_MS,
  installOnQuit,
  type UpdateDecision,
  type UpdateOffReason,
} from './update-policy';

export interface UpdateOptions {
  updater: Pick<
    AppUpdater,
    | 'setFeedURL'
    | 'checkForUpdates'
    | 'quitAndInstall'
    | 'on'
    | 'autoDownload'
    | 'autoInstallOnAppQuit'
    | 'logger'
  >;
  decision: UpdateDecision;
  /** The running version (app.getVersion()). */
  currentVersion: string;
  log: Logger;
  send(event: PushEvent): boolean;
  now?: () => Date;
}

/** What a "Check for updates…" found, for the dialog that says so. */
export type CheckOutcome =
  | { kind: 'off'; reason: UpdateOffReason }
  | { kind: 'up-to-date'; version: string }
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string }
  | { kind: 'failed' };

/** The update state as Export diagnostics writes it (updates.json). */
interface UpdateState {
  currentVersion: string;
  enabled: boolean;
  /** Why updates are off (development, policy, no-feed), when they are. */
  offReason: UpdateOffReason | null;
  /** The feed and who chose it: the policy's UpdateUrl or the one built into the package. */
  feed: { url: string; source: 'policy' | 'build' } | null;
  lastCheck: {
    at: string;
    result: 'up-to-date' | 'available' | 'failed';
    version: string | null;
    error: string | null;
  } | null;
  downloading: string | null;
  ready: string | null;
}

export interface Updates {
  /** The technician chose "Restart": false when no update is ready. */
  install(): boolean;
  /** "Check for updates…": asks the feed now. */
  checkNow(): Promise<CheckOutcome>;
  /** The queue changed: an update may be installed on quit only while it is empty. */
  queueChanged(queued: number): void;
  /** The page (re)loaded: tell it again about a ready update. */
  rendererReady(): void;
  state(): UpdateState;
  stop(): void;
}

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '';

export const setupUpdates = (options: UpdateOptions): Updates => {
  const { updater, decision, log, send, currentVersion } = options;
  const now = options.now ?? (() => new Date());
  const state: UpdateState = {
    currentVersion,
    enabled: decision.enabled,
    offReason: decision.enabled ? null : decision.reason,
    feed: decision.enabled ? { url: decision.url, source: decision.source } : null,
    lastCheck: null,
    downloading: null,
    ready: null,
  };
  if (!decision.enabled) {
    log.info('Updates are off', { reason: decision.reason });
    return {
      install: () => false,
      checkNow: () => Promise.resolve({ kind: 'off', reason: decision.reason }),
      queueChanged: () => undefined,
      rendererReady: () => undefined,
      state: () => structuredClone(state),
      stop: () => undefined,
    };
  }
  updater.logger = {
    info: (message: unknown) => log.info('updater', { message: String(message) }),
    warn: (message: unknown) => log.warn('updater', { message: String(message) }),
    error: (message: unknown) => log.error('updater', { message: String(message) }),
    debug: () => undefined,
  };
  updater.setFeedURL({ provider: 'generic', url: decision.url });
  log.info('Updates from', { feed: decision.url, source: decision.source });
  updater.autoDownload = true;
  // Until the queue has been seen empty.
  updater.autoInstallOnAppQuit = false;
  const checked = (
    result: 'up-to-date' | 'available' | 'failed',
    version: string | null,
    error: string | null,
  ) => {
    state.lastCheck = { at: now().toISOString(), result, version, error };
  };
  updater.on('update-available', (info: UpdateInfo) => {
    checked('available', info.version, null);
    state.downloading = info.version;
  });
  updater.on('update-not-available', (info: UpdateInfo) =>
    checked('up-to-date', info.version, null),
  );
  updater.on('update-downloaded', (info: UpdateDownloadedEvent) => {
    state.downloading = null;
    state.ready = info.version;
    log.info('Update ready', { version: info.version });
    send({ type: 'update-ready', version: info.version });
  });
  updater.on('error', (error: Error) => {
    // An error while downloading (a refused signature among them) ends that download.
    state.downloading = null;
    checked('failed', null, messageOf(error));
    log.warn('Update check failed', { error });
  });

  const check = async (): Promise<CheckOutcome> => {
    try {
      const result = await updater.checkForUpdates();
      if (state.ready !== null) return { kind: 'ready', version: state.ready };
      if (result?.isUpdateAvailable) {
        const version = result.updateInfo.version;
        checked('available', version, null);
        return { kind: 'downloading', version };
      }
      if (state.lastCheck?.result !== 'up-to-date') checked('up-to-date', currentVersion, null);
      return { kind: 'up-to-date', version: currentVersion };
    } catch (error) {
      checked('failed', null, messageOf(error));
      log.warn('Update check failed', { error });
      return { kind: 'failed' };
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  return {
    install() {
      if (state.ready === null) return false;
      log.info('Restarting to install the update', { version: state.ready });
      updater.quitAndInstall(false, true);
      return true;
    },
    checkNow: () =>
      state.ready !== null ? Promise.resolve({ kind: 'ready', version: state.ready }) : check(),
    queueChanged(queued) {
      updater.autoInstallOnAppQuit = installOnQuit(queued);
    },
    rendererReady() {
      if (state.ready !== null) send({ type: 'update-ready', version: state.ready });
    },
    state: () => structuredClone(state),
    stop: () => clearInterval(timer),
  };
};
