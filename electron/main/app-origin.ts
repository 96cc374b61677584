/**
 * The renderer's one origin. Every trust decision in main (navigation, permissions, IPC
 * senders, protocol) compares against these constants, so they live in one place.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'installer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * True for any URL served by our scheme. Parsed by hand-checked parts rather than
 * `URL.origin` because Node treats non-special schemes as opaque (origin "null"), while
 * Chromium treats the registered standard scheme as a real origin; both agree on these parts.
 */
export const isAppUrl = (url: string): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
};

/** Chromium reports origins without a path ("app://installer"); tolerate a trailing slash. */
export const isAppOrigin = (origin: string): boolean =>
  origin === APP_ORIGIN || origin === `${APP_ORIGIN}/`;
