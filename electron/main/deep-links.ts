/**
 * Deep-link glue: registration as the `fieldinstaller:` handler, and the three ways a link
 * arrives — the first start's argv, `second-instance` (Windows, Linux: the single-instance
 * lock forwards the new process's argv) and macOS `open-url`. Every link is parsed by
 * deep-link.ts before anything happens; a refused one is logged (reason and length, never
 * followed). A valid one becomes a `navigate` push event; until the page has loaded it waits.
 */
import type { App } from 'electron';
import type { PushEvent } from '../contract';
import type { Logger } from '../common/logger';
import { DEEP_LINK_SCHEME, deepLinkInArgv, parseDeepLink } from './deep-link';

export interface DeepLinkOptions {
  app: Pick<App, 'on' | 'setAsDefaultProtocolClient' | 'isPackaged'>;
  argv: readonly string[];
  /** Sends to the page; false while it cannot receive (no window, not loaded). */
  send(event: PushEvent): boolean;
  /** Brings the window forward (or opens it). */
  focus(): void;
  log: Logger;
  /** The unpackaged app (`electron .`) registers electron + its app path as the handler. */
  execPath?: string;
  appPath?: string;
}

export interface DeepLinks {
  /** The page has loaded: deliver a link that arrived before it. */
  rendererReady(): void;
  /** One link's text, from wherever it came. */
  open(raw: string): void;
}

export const setupDeepLinks = (options: DeepLinkOptions): DeepLinks => {
  const { app, log } = options;
  let pending: string | null = null;

  const registered =
    app.isPackaged || options.execPath === undefined || options.appPath === undefined
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, options.execPath, [options.appPath]);
  if (!registered) log.warn('Could not register as the fieldinstaller:// handler');

  const deliver = (path: string): void => {
    if (!options.send({ type: 'navigate', path, focusSearch: false })) pending = path;
  };

  const open = (raw: string): void => {
    const result = parseDeepLink(raw);
    if (!result.ok) {
      log.warn('Ignored a link', { reason: result.reason, length: raw.length });
      return;
    }
    log.info('Opening a link', { path: result.path });
    options.focus();
    deliver(result.path);
  };

  app.on('open-url', (event, url) => {
    event.preventDefault();
    open(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgv(argv);
    if (link === null) options.focus();
    else open(link);
  });
  const first = deepLinkInArgv(options.argv);
  if (first !== null) open(first);

  return {
    open,
    rendererReady() {
      if (pending === null) return;
      const path = pending;
      pending = null;
      deliver(path);
    },
  };
};
