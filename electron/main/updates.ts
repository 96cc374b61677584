/**
 * electron-updater wiring (decisions in update-policy.ts): a generic provider at the managed
 * update URL, downloads in the background, then a quiet `update-ready` push event — the page
 * shows "Update ready — restart" and nothing else happens until the technician chooses it.
 */
import type { AppUpdater, UpdateDownloadedEvent } from 'electron-updater';
import type { PushEvent } from '../contract';
import type { Logger } from '../core/core';
import { CHECK_INTERVAL_MS, installOnQuit, type UpdateDecision } from './update-policy';

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
  log: Logger;
  send(event: PushEvent): boolean;
}

export interface Updates {
  /** The technician chose "Restart": false when no update is ready. */
  install(): boolean;
  /** The queue changed: an update may be installed on quit only while it is empty. */
  queueChanged(queued: number): void;
  /** The page (re)loaded: tell it again about a ready update. */
  rendererReady(): void;
  stop(): void;
}

export const setupUpdates = ({ updater, decision, log, send }: UpdateOptions): Updates => {
  let ready: string | null = null;
  if (!decision.enabled) {
    log.info('Updates are off', { reason: decision.reason });
    return {
      install: () => false,
      queueChanged: () => undefined,
      rendererReady: () => undefined,
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
  updater.autoDownload = true;
  // Until the queue has been seen empty.
  updater.autoInstallOnAppQuit = false;
  updater.on('update-downloaded', (info: UpdateDownloadedEvent) => {
    ready = info.version;
    log.info('Update ready', { version: info.version });
    send({ type: 'update-ready', version: info.version });
  });
  updater.on('error', (error: Error) => log.warn('Update check failed', { error }));
  const check = (): void => {
    updater.checkForUpdates().catch((error: unknown) => log.warn('Update check failed', { error }));
  };
  check();
  const timer = setInterval(check, CHECK_INTERVAL_MS);
  timer.unref();
  return {
    install() {
      if (ready === null) return false;
      log.info('Restarting to install the update', { version: ready });
      updater.quitAndInstall(false, true);
      return true;
    },
    queueChanged(queued) {
      updater.autoInstallOnAppQuit = installOnQuit(queued);
    },
    rendererReady() {
      if (ready !== null) send({ type: 'update-ready', version: ready });
    },
    stop: () => clearInterval(timer),
  };
};
