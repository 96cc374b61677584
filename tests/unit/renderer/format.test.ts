import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatInterval,
  formatNumber,
  isCheckingIn,
  locationName,
  orMissing,
  prepareFormats,
  referenceLabel,
  relativeTime,
  storeLabel,
} from '../../../renderer/src/lib/words/format';
import { m } from '../../../renderer/src/lib/words/i18n';

const NOW = Date.parse('2026-05-04T12:00:00Z');

describe('relativeTime', () => {
  it('says "never" for a device that never checked in and copes with junk', () => {
    expect(relativeTime(null, NOW)).toBe('never');
    expect(relativeTime('not a date', NOW)).toBe('unknown');
  });
  it('reads like a person: just now, minutes, hours, days', () => {
    expect(relativeTime('2026-05-04T11:59:40Z', NOW)).toBe('just now');
    expect(relativeTime('2026-05-04T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(relativeTime('2026-05-04T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(relativeTime('2026-05-02T12:00:00Z', NOW)).toBe('2 days ago');
  });
});

describe('prepareFormats (main.ts, while the words download)', () => {
  const made: string[] = [];
  const { RelativeTimeFormat, NumberFormat } = Intl;
  beforeEach(() => {
    made.length = 0;
    // Subclasses that note each formatter built (vi.spyOn does not construct).
    Reflect.set(
      Intl,
      'RelativeTimeFormat',
      class extends RelativeTimeFormat {
        constructor(...args: ConstructorParameters<typeof RelativeTimeFormat>) {
          super(...args);
          made.push(`relative ${String(args[0])}`);
        }
      },
    );
    Reflect.set(
      Intl,
      'NumberFormat',
      class extends NumberFormat {
        constructor(...args: ConstructorParameters<typeof NumberFormat>) {
          super(...args);
          made.push(`number ${String(args[0])}`);
        }
      },
    );
  });
  afterEach(() => {
    Reflect.set(Intl, 'RelativeTimeFormat', RelativeTimeFormat);
    Reflect.set(Intl, 'NumberFormat', NumberFormat);
  });
  it('builds the formatters that counts and "… ago" then use, and only once', () => {
    // A locale no other test formats in, so nothing of it is cached yet.
    prepareFormats('fr-CA');
    expect(made.sort()).toEqual(['number fr-CA', 'relative fr-CA']);
    expect(formatNumber(100_000, 'fr-CA')).toBe('100\u00a0000');
    expect(relativeTime('2026-05-04T11:55:00Z', NOW, 'fr-CA')).toBe('il y a 5 minutes');
    expect(made).toHaveLength(2);
  });
});

describe('isCheckingIn', () => {
  const device = (last: string | null, interval: number | null = 60) => ({
    serial: 'FTC-1',
    lastCheckinAt: last,
    updateIntervalS: interval,
  });
  it('tolerates one missed check-in but not more', () => {
    expect(isCheckingIn(device('2026-05-04T11:58:00Z'), NOW)).toBe(true);
    expect(isCheckingIn(device('2026-05-04T11:50:00Z'), NOW)).toBe(false);
  });
  it('treats missing data as silent, and a missing interval as the default', () => {
    expect(isCheckingIn(device(null), NOW)).toBe(false);
    expect(isCheckingIn(device('2026-05-04T11:52:00Z', null), NOW)).toBe(true);
  });
});

describe('formatAddress / formatInterval', () => {
  it('joins the parts that exist and says when there is no address', () => {
    expect(
      formatAddress({
        address: {
          line1: '1 Main St',
          line2: null,
          city: 'Berlin',
          postalCode: '10115',
          country: 'DE',
        },
      }),
    ).toBe('1 Main St, 10115 Berlin, DE');
    expect(formatAddress({ address: null })).toBe('—');
  });
  it('shows an address given as one string, and "—" when nothing usable came', () => {
    const text = 'Marienplatz 1, 80331 München, Germany';
    expect(formatAddress({ address: { line1: null, city: null, country: null, text } })).toBe(text);
    expect(formatAddress({ address: { city: 'Lyon', country: null } })).toBe('Lyon');
    expect(formatAddress({ address: {} })).toBe('—');
  });
  it('uses the largest whole unit', () => {
    expect(formatInterval(3600)).toBe('1 hr');
    expect(formatInterval(300)).toBe('5 min');
    expect(formatInterval(45)).toBe('45 sec');
    expect(formatInterval(null)).toBe('Not set');
  });
});

describe('orMissing / locationName / storeLabel: a field the server left out', () => {
  it('shows "—" for null, undefined and empty text; anything else as it is', () => {
    expect(orMissing(null)).toBe('—');
    expect(orMissing(undefined)).toBe('—');
    expect(orMissing('')).toBe('—');
    expect(orMissing('2.1.0')).toBe('2.1.0');
    expect(orMissing(0)).toBe('0');
  });

  it('a location without a name is called by the catalog’s untitled label', () => {
    expect(locationName({ name: null })).toBe(m.location_untitled());
    expect(locationName({})).toBe(m.location_untitled());
    expect(locationName({ name: 'Mall' })).toBe('Mall');
    expect(storeLabel({ name: null, address: { city: 'Berlin' } })).toBe(
      `${m.location_untitled()} (Berlin)`,
    );
  });
});

describe('referenceLabel: the store a device, a conflict or an error names', () => {
  const known = { name: 'Mall', address: { city: 'Berlin' } };
  it('"Name (City)" when the app knows the store; the server’s name when it does not', () => {
    expect(referenceLabel({ id: 'loc_1', name: 'Mall' }, known)).toBe('Mall (Berlin)');
    expect(referenceLabel({ id: 'loc_1', name: 'Mall' }, undefined)).toBe('Mall');
  });

  it('a store the app has never seen, without a name: installed at an unknown store, with its id', () => {
    expect(referenceLabel({ id: 'loc_77', name: null }, undefined)).toBe(
      'Unknown store (id loc_77)',
    );
  });

  it('no reference, or one without an id (a server’s "not installed"): the fallback', () => {
    expect(referenceLabel(null, undefined, 'Not installed')).toBe('Not installed');
    expect(referenceLabel({ id: '', name: '' }, undefined, 'Not installed')).toBe('Not installed');
  });
});
