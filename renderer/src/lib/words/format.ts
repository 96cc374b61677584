/**
 * Every date, time, number and count the renderer shows goes through here, through Intl, in
 * the active format locale (lib/words/active-locale.ts). Each function takes the locale as its last
 * parameter for tests; screens leave it out. Unit-tested per locale in tests/unit/renderer.
 */
import type { LocationView, LocationRefView } from '$shared';
import { formatLocale, shownTimeZone } from './active-locale';
import { m } from './i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

// Intl objects are costly to build and lists format thousands of cells: one per locale.
const cache = new Map<string, Intl.RelativeTimeFormat | Intl.NumberFormat | Intl.DateTimeFormat>();
const cached = <T extends Intl.RelativeTimeFormat | Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T => {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
};

const relativeFormat = (locale: string) =>
  cached(`rel:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const numberFormat = (locale: string) =>
  cached(`num:${locale}`, () => new Intl.NumberFormat(locale));

/**
 * Builds the formatters nearly every screen uses (counts, "5 minutes ago") for a locale now.
 * A page's first Intl object loads the ICU data, 16–20 ms on the 2-core build machine:
 * main.ts has it done while the language's words download, not inside the first answer's
 * render.
 */
export const prepareFormats = (locale: string): void => {
  numberFormat(locale);
  relativeFormat(locale);
};

/** "just now", "5 minutes ago" / "vor 5 Minuten" / "5 分前"; "never" for a missing time. */
export const relativeTime = (
  iso: string | null | undefined,
  now: number = Date.now(),
  locale: string = formatLocale(),
): string => {
  if (!iso) return m.time_never();
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return m.time_unknown();
  const diff = at - now;
  if (Math.abs(diff) < 45_000) return m.time_just_now();
  const relative = relativeFormat(locale);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'minute')
      return relative.format(Math.round(diff / ms), unit);
  }
  return m.time_just_now();
};

/**
 * Full local date and time with the time zone ("May 4, 2026, 2:00 PM GMT+2",
 * "04.05.2026, 14:00 MESZ"), for tooltips, reports and receipts: in the time zone the app says
 * it uses (active-locale.ts `shownTimeZone`). `timeZone` for tests.
 */
export const absoluteTime = (
  iso: string | null | undefined,
  locale: string = formatLocale(),
  timeZone: string | undefined = shownTimeZone(),
): string => {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const dateTime = cached(
    `abs:${locale}:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
  // dateStyle cannot be combined with timeZoneName: the zone is formatted on its own.
  return `${dateTime.format(at)} ${timeZoneName(at, locale, timeZone)}`.trim();
};

/**
 * A moment soon, as a clock reads it ("2:32 PM", "14:32"), with the date when it is not on the
 * day of `now` (an update interval can be a day long). `timeZone` for tests.
 */
export const clockTime = (
  ms: number,
  now: number = Date.now(),
  locale: string = formatLocale(),
  timeZone?: string,
): string => {
  const zone = timeZone ? { timeZone } : {};
  const day = cached(
    `day:${locale}:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', ...zone }),
  );
  if (day.format(ms) !== day.format(now))
    return absoluteTime(new Date(ms).toISOString(), locale, timeZone);
  return cached(
    `clock:${locale}:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { timeStyle: 'short', ...zone }),
  ).format(ms);
};

const timeZoneName = (at: Date, locale: string, timeZone?: string): string =>
  cached(
    `tz:${locale}:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, { timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) }),
  )
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/** What is shown for a field the server did not send (or sent as null). */
export const MISSING = '—';

/** The parts the server gave, else its one-line address, else "—": never a broken line. */
export const formatAddress = (location: Pick<LocationView, 'address'>): string => {
  const a = location.address;
  if (!a) return MISSING;
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  const parts = [a.line1, a.line2, cityLine, a.region, a.country].filter(Boolean).join(', ');
  return parts || a.text || MISSING;
};

/** One rule for check-in health, kept in device-health.ts; re-exported for the tables. */
export { isCheckingIn } from '$shared/device-health';

/** "1 h", "5 min", "45 s" (or "5 Min.", "5 分") in the largest whole unit. */
export const formatInterval = (
  seconds: number | null | undefined,
  locale: string = formatLocale(),
): string => {
  if (seconds === null || seconds === undefined) return m.interval_not_set();
  const [unit, value]: ['hour' | 'minute' | 'second', number] =
    seconds % 3600 === 0
      ? ['hour', seconds / 3600]
      : seconds % 60 === 0
        ? ['minute', seconds / 60]
        : ['second', seconds];
  return cached(
    `unit:${locale}:${unit}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }),
  ).format(value);
};

/** "100,000" / "100.000" / "100 000": counts and visitor numbers with the locale's grouping. */
export const formatNumber = (n: number, locale: string = formatLocale()): string =>
  numberFormat(locale).format(n);

const BYTE_UNITS = [
  ['gigabyte', 1e9],
  ['megabyte', 1e6],
  ['kilobyte', 1e3],
] as const;

/** "3.4 MB" / "3,4 MB" / "3.4 MB": bytes downloaded, in the largest unit that fits (Intl's). */
export const formatBytes = (bytes: number, locale: string = formatLocale()): string => {
  const [unit, size] = BYTE_UNITS.find(([, size]) => bytes >= size) ?? ['byte', 1];
  return cached(
    `bytes:${unit}:${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }),
  ).format(bytes / size);
};

/**
 * A store as people tell stores apart: organizations have several with the same name, so its
 * city (or, without one, its address) goes with the name wherever a store is named.
 */
export const storeLabel = (location: Pick<LocationView, 'name' | 'address'>): string => {
  const a = location.address;
  const where = a?.city || a?.text || a?.line1;
  const name = locationName(location);
  return where ? `${name} (${where})` : name;
};

/**
 * A store a device, a conflict or an error names by `{id, name}`: "Name (City)" when the app
 * knows the store (`known`), else the name the server gave, else "Unknown store (id …)" — a
 * device installed at a store the app has not seen is still shown installed, never dropped.
 * `fallback` for no reference, or one without an id (a server's "not installed").
 */
export const referenceLabel = (
  ref: Pick<LocationRefView, 'id' | 'name'> | null | undefined,
  known: Pick<LocationView, 'name' | 'address'> | undefined,
  fallback = '',
): string => {
  if (!ref?.id) return fallback;
  if (known) return storeLabel(known);
  return ref.name || m.location_unknown_store({ id: ref.id });
};

/** A location's name, or the catalog's "untitled" label when the server sent none. */
export const locationName = (location: { name?: string | null }): string =>
  location.name || m.location_untitled();

/** A field's value, or "—" when the server did not send it (or sent null or ""). */
export const orMissing = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? MISSING : String(value);

/**
 * uPlot's date formatter (its `fmtDate` option) in the given locale: uPlot asks for a
 * template such as "{M}/{D}" or "{h}:{mm}{aa}" (US order and English names) and gets back
 * a function; we read what the template shows (time, day, month, year) and let Intl write
 * it in the locale's order and words. Multi-line templates ("{h}{aa}\n{M}/{D}") keep lines.
 */
export const chartDateFormatter =
  (locale: string = formatLocale(), timeZone?: string) =>
  (template: string): ((date: Date) => string) => {
    const lines = template.split('\n').map((line) => chartLineOptions(line));
    return (date) =>
      lines
        .map((options) =>
          options
            ? cached(
                `chart:${locale}:${timeZone ?? ''}:${JSON.stringify(options)}`,
                () =>
                  new Intl.DateTimeFormat(locale, {
                    ...options,
                    ...(timeZone ? { timeZone } : {}),
                  }),
              ).format(date)
            : '',
        )
        .join('\n');
  };

const chartLineOptions = (line: string): Intl.DateTimeFormatOptions | null => {
  const has = (token: string) => line.includes(`{${token}}`);
  if (has('ss')) return { hour: 'numeric', minute: '2-digit', second: '2-digit' };
  if (has('mm')) return { hour: 'numeric', minute: '2-digit' };
  if (has('h') || has('H') || has('HH')) return { hour: 'numeric', minute: '2-digit' };
  const year = has('YYYY') || has('YY') ? { year: 'numeric' as const } : {};
  if (has('D') || has('DD')) return { month: 'short', day: 'numeric', ...year };
  if (has('MMM') || has('MMMM') || has('M') || has('MM')) return { month: 'short', ...year };
  if (has('YYYY') || has('YY')) return year;
  return null;
};
