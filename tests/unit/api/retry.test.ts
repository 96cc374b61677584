import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelayMs, parseRetryAfter } from '../../../electron/core/api/retry';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date relative to now, rounding up', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(new Date(now + 1500).toUTCString(), now + 500)).toBe(1);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores missing or garbage values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('backoffDelayMs (full jitter)', () => {
  it('grows exponentially up to the cap and scales with the random draw', () => {
    expect(backoffDelayMs(0, () => 0.999)).toBeLessThan(500);
    expect(backoffDelayMs(1, () => 0.999)).toBeGreaterThanOrEqual(990);
    expect(backoffDelayMs(3, () => 0.5)).toBe(2000);
    expect(backoffDelayMs(20, () => 0.999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelayMs(20, () => 0.999)).toBeGreaterThan(BACKOFF_CAP_MS * 0.99);
    expect(backoffDelayMs(5, () => 0)).toBe(0);
  });
});
