/** Dates, relative times, numbers, intervals and chart axes in each locale the app speaks. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  absoluteTime,
  chartDateFormatter,
  formatInterval,
  formatNumber,
  relativeTime,
} from '../../../renderer/src/lib/words/format';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';

const NOW = Date.parse('2026-05-04T12:00:00Z');
const FIVE_MIN_AGO = '2026-05-04T11:55:00Z';
const AT = '2026-05-04T12:00:00Z';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

/** Intl separates with narrow and no-break spaces (fr "5 min", "1 234"); compare as spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('relative times per locale', () => {
  it.each([
    ['en-US', '5 minutes ago'],
    ['en-GB', '5 minutes ago'],
    ['de', 'vor 5 Minuten'],
    ['fr', 'il y a 5 minutes'],
    ['nl', '5 minuten geleden'],
    ['ja', '5 分前'],
  ])('%s: %s', (locale, expected) => {
    expect(plain(relativeTime(FIVE_MIN_AGO, NOW, locale))).toBe(expected);
  });

  it('says "never" and "just now" from the catalog of the active language', () => {
    setLocaleSource(() => resolveLocale(['de-DE']));
    expect(relativeTime(null, NOW)).toBe('nie');
    expect(relativeTime('2026-05-04T11:59:40Z', NOW)).toBe('gerade eben');
    expect(relativeTime('2026-05-02T12:00:00Z', NOW)).toBe('vorgestern');
    setLocaleSource(() => resolveLocale(['ja']));
    expect(relativeTime(null, NOW)).toBe('なし');
    expect(relativeTime('2026-05-04T09:00:00Z', NOW)).toBe('3 時間前');
  });
});

describe('absolute times with their time zone', () => {
  it.each([
    ['en-US', 'UTC', 'May 4, 2026, 12:00 PM UTC'],
    ['en-GB', 'Europe/London', '4 May 2026, 13:00 BST'],
    ['de', 'Europe/Berlin', '04.05.2026, 14:00 MESZ'],
    ['fr', 'Europe/Paris', '4 mai 2026, 14:00 UTC+2'],
    ['nl', 'Europe/Amsterdam', '4 mei 2026, 14:00 CEST'],
    ['ja', 'Asia/Tokyo', '2026/05/04 21:00 JST'],
  ])('%s in %s', (locale, zone, expected) => {
    expect(plain(absoluteTime(AT, locale, zone))).toBe(expected);
  });
  it('keeps unreadable input as it came and shows nothing for none', () => {
    expect(absoluteTime('yesterday-ish', 'de')).toBe('yesterday-ish');
    expect(absoluteTime(null, 'de')).toBe('');
  });
  it('follows the active locale when none is given (en-GB dates day first)', () => {
    setLocaleSource(() => resolveLocale(['en-GB']));
    expect(absoluteTime(AT, undefined, 'UTC')).toBe('4 May 2026, 12:00 UTC');
  });
});

describe('numbers and visitor counts', () => {
  it.each([
    ['en-US', '1,234,567.5'],
    ['en-GB', '1,234,567.5'],
    ['de', '1.234.567,5'],
    ['fr', '1 234 567,5'],
    ['nl', '1.234.567,5'],
    ['ja', '1,234,567.5'],
  ])('%s groups and decimals: %s', (locale, expected) => {
    expect(plain(formatNumber(1_234_567.5, locale))).toBe(expected);
  });
});

describe('update intervals', () => {
  it.each([
    ['en-US', '5 min', '1 hr', '45 sec'],
    ['de', '5 Min.', '1 Std.', '45 Sek.'],
    ['fr', '5 min', '1 h', '45 s'],
    ['nl', '5 min', '1 uur', '45 sec'],
    ['ja', '5 分', '1 時間', '45 秒'],
  ])('%s', (locale, minutes, hour, seconds) => {
    expect(plain(formatInterval(300, locale))).toBe(minutes);
    expect(plain(formatInterval(3600, locale))).toBe(hour);
    expect(plain(formatInterval(45, locale))).toBe(seconds);
  });
  it('says "not set" in the active language', () => {
    setLocaleSource(() => resolveLocale(['fr-FR']));
    expect(formatInterval(null)).toBe('Non défini');
  });
});

describe('chart axes (uPlot fmtDate)', () => {
  const at = new Date('2026-05-04T12:00:00Z');
  it.each([
    ['en-US', 'May 4', '12:00 PM'],
    ['en-GB', '4 May', '12:00'],
    ['de', '4. Mai', '12:00'],
    ['fr', '4 mai', '12:00'],
    ['nl', '4 mei', '12:00'],
    ['ja', '5月4日', '12:00'],
  ])('%s: day and hour ticks in the locale', (locale, day, hour) => {
    const fmt = chartDateFormatter(locale, 'UTC');
    expect(plain(fmt('{M}/{D}')(at))).toBe(day);
    expect(plain(fmt('{h}{aa}')(at))).toBe(hour);
  });
  it('keeps uPlot multi-line templates line by line', () => {
    expect(chartDateFormatter('de', 'UTC')('{h}:{mm}{aa}\n{M}/{D}')(at)).toBe('12:00\n4. Mai');
  });
});
