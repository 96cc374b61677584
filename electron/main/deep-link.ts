/**
 * Deep links `fieldinstaller://locations/{id}` and `fieldinstaller://devices/{serial}` (a work
 * order in an email or ticket opens the store or the device). Pure: the text the OS hands over
 * → the hash path the renderer opens, or the reason it was ignored. Ids and serials are the
 * server's opaque strings (id-patterns.ts): one that holds "/", "?", "#" or "%" comes
 * percent-encoded, as one segment, and is decoded exactly once and checked with the contract's
 * own rules; the hash path carries it encoded again. A raw query or fragment, an extra segment,
 * a malformed escape or another scheme is refused rather than guessed at.
 */
import { isId, isSerial } from '../shared/id-patterns';

export const DEEP_LINK_SCHEME = 'fieldinstaller';
/**
 * Longer than any valid link (a 200-character id, each character up to 9 when
 * percent-encoded) with room to spare; longer is refused unread.
 */
export const MAX_DEEP_LINK_LENGTH = 2_048;

export type DeepLinkResult = { ok: true; path: string } | { ok: false; reason: string };

const SHAPE = /^fieldinstaller:\/\/([a-z]+)\/([^/?#]*)\/?$/i;

const refuse = (reason: string): DeepLinkResult => ({ ok: false, reason });

/** One percent-encoded segment, decoded once; null when its escapes are malformed. */
const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

export const parseDeepLink = (raw: unknown): DeepLinkResult => {
  if (typeof raw !== 'string') return refuse('not text');
  if (raw.length > MAX_DEEP_LINK_LENGTH) return refuse('too long');
  if (!raw.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`))
    return refuse('not a fieldinstaller:// link');
  if (/[?#]/.test(raw)) return refuse('has a query or fragment');
  const match = SHAPE.exec(raw);
  if (!match) return refuse('not of the form fieldinstaller://locations/{id} or devices/{serial}');
  const kind = (match[1] ?? '').toLowerCase();
  const value = decoded(match[2] ?? '');
  if (value === null) return refuse('a malformed percent-escape');
  if (kind === 'locations') {
    if (!isId(value)) return refuse('not a valid location id');
    return { ok: true, path: `/locations/${encodeURIComponent(value)}` };
  }
  if (kind === 'devices') {
    if (!isSerial(value)) return refuse('not a valid serial');
    // As written: the core finds the server's spelling of it (electron/shared/serial-key.ts).
    return { ok: true, path: `/devices/${encodeURIComponent(value)}` };
  }
  return refuse('unknown link type');
};

/**
 * The link among a process's arguments (Windows and Linux start the app, or hand the running
 * one, the URL as an argument; Chromium may add switches around it). Only the first is taken.
 */
export const deepLinkInArgv = (argv: readonly string[]): string | null =>
  argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
