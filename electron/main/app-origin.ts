/**
 * The renderer's one origin. Every trust decision in main (navigation, permissions, IPC
 * senders, protocol) compares against these constants, so they live in one place.
 */
export const APP_SCHEME = 'app';
const APP_HOST = 'installer';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * True for any URL served by our scheme. Parsed by hand-checked parts rather than
 * `URL.origin` because Node treats non-special schemes as opaque (origin "null"), while
 * Chromium treats the registered standard scheme as a real origin; both agree on these parts.
 */
/** A URL, or null for anything that is not one (never throws). */
export const parseUrl = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

export const isAppUrl = (url: string): boolean => {
  const parsed = parseUrl(url);
  if (!parsed) return false;
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
