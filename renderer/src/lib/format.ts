/** Small, pure formatting helpers shared by screens (unit-tested in tests/unit/renderer). */
import type { Location } from '../../../electron/contract';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "in 2 hours"; "never" for a missing or unreadable time. */
export const relativeTime = (iso: string | null | undefined, now: number = Date.now()): string => {
  if (!iso) return 'never';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'unknown';
  const diff = at - now;
  if (Math.abs(diff) < 45_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute')
      return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
};

/** Full local date and time, for tooltips and CSV. */
export const absoluteTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
};

/** What is shown for a field the server did not send (or sent as null). */
export const MISSING = '—';

/** The parts the server gave, else its one-line address, else "—": never a broken line. */
export const formatAddress = (location: Pick<Location, 'address'>): string => {
  const a = location.address;
  if (!a) return MISSING;
  const cityLine = [a.postal_code, a.city].filter(Boolean).join(' ');
  const parts = [a.line1, a.line2, cityLine, a.region, a.country].filter(Boolean).join(', ');
  return parts || a.text || MISSING;
};

/** One rule for check-in health, kept in device-health.ts; re-exported for the tables. */
export { isCheckingIn } from './device-health';

export const formatInterval = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined) return 'Not set';
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
};

export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

const numbers = new Intl.NumberFormat('en');

/** "100,000": counts in the hundreds of thousands are unreadable without separators. */
export const formatNumber = (n: number): string => numbers.format(n);
