/**
 * The window never leaves the app: navigations away are cancelled, popups are denied, and
 * only https links to our own help pages go to the system browser.
 */
import { shell, type WebContents } from 'electron';
import { isAppUrl, parseUrl } from './app-origin';

/** Exact origins the app may open in the system browser (help and support pages). */
const EXTERNAL_ORIGIN_ALLOWLIST: readonly string[] = [
  'https://fieldinstaller.com',
  'https://help.fieldinstaller.com',
];

export const isAllowedExternalUrl = (url: string): boolean => {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    EXTERNAL_ORIGIN_ALLOWLIST.includes(parsed.origin)
  );
};

export type OpenExternal = (url: string) => Promise<void>;

const openIfAllowed = (url: string, openExternal: OpenExternal): void => {
  if (!isAllowedExternalUrl(url)) return;
  openExternal(url).catch(() => {
    // No browser configured: nothing useful to do from here.
  });
};

export const setupNavigationGuards = (
  contents: WebContents,
  openExternal: OpenExternal = (url) => shell.openExternal(url),
): void => {
  const block = (event: { preventDefault(): void }, url: string): boolean => {
    if (isAppUrl(url)) return false;
    event.preventDefault();
    return true;
  };
  // Only a top-level link click may hand an allowlisted URL to the browser; redirects and
  // subframe navigations are simply stopped (will-navigate also covers the main frame).
  contents.on('will-navigate', (event) => {
    if (block(event, event.url)) openIfAllowed(event.url, openExternal);
  });
  contents.on('will-redirect', (event) => void block(event, event.url));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) block(event, event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, openExternal);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
};
