/**
 * The one reader for times in answers (device check-ins and installs, resource timestamps,
 * foot-traffic buckets). Servers write "never" as null, an absent field, or the zero value of
 * their language's time type: Go's `0001-01-01T00:00:00Z`, the Unix epoch (`0`,
 * `1970-01-01T00:00:00Z`) or an empty string. Read as a time, such a value is a check-in two
 * thousand (or fifty) years ago; it means "never", so it becomes null.
 */

/** An epoch number in seconds or milliseconds (a number above 10^12 is milliseconds). */
const fromEpoch = (n: number): string => new Date(n > 1e12 ? n : n * 1000).toISOString();

/**
 * True for a value that spells "never" as a time: 0, '', a digits-only '0', or any instant at
 * or before the Unix epoch (no device checked in then).
 */
export const isZeroTime = (v: unknown): boolean => {
  if (typeof v === 'number') return Number.isFinite(v) && v <= 0;
  if (typeof v !== 'string') return false;
  // ISO text of a year after 1970: no zero value, and no parse (every device has two times).
  if (v.length > 4 && v[4] === '-' && v >= '1971') return false;
  const text = v.trim();
  if (text === '' || /^0+$/.test(text)) return true;
  const at = Date.parse(text);
  return !Number.isNaN(at) && at <= 0;
};

/**
 * A time as the app keeps it: the server's text as it came, an epoch number (or digits) as
 * ISO 8601, and null for "never" (null, absent, or a zero value). Text that is not a time is
 * left as it is (the screens say "unknown" rather than guess), and so is anything that is not
 * text or a number, for the schema to refuse; `instant` is the strict form.
 */
export const readTime = (v: unknown): unknown => {
  if (v === null || v === undefined || isZeroTime(v)) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? fromEpoch(v) : v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return fromEpoch(Number(v));
  return v;
};

/** A time that must be one (a bucket's start or end): as readTime, and null unless it parses. */
export const instant = (v: unknown): string | null => {
  const text = readTime(v);
  return typeof text === 'string' && !Number.isNaN(Date.parse(text)) ? text : null;
};
