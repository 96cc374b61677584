/**
 * When to try a GET again and how long to wait first. Full jitter (a random wait between zero
 * and the exponential ceiling) keeps many laptops that lost Wi-Fi together from coming back in
 * lockstep; a server's Retry-After always wins over our own guess.
 */

const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 8_000;
/** Longer waits are not worth blocking a technician for: give up and say when to retry. */
export const MAX_RETRY_AFTER_S = 60;

/** Wait before retry number `attempt` (0 = first retry). */
export const backoffDelayMs = (attempt: number, random: () => number): number => {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
};

/** Retry-After is either delay-seconds or an HTTP-date; anything else is ignored. */
export const parseRetryAfter = (header: string | null, nowMs: number): number | undefined => {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
};
