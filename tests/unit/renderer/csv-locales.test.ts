/** CSV that each locale's spreadsheet opens in columns, with accents intact. */
import { describe, expect, it } from 'vitest';
import {
  activityToCsv,
  CSV_BOM,
  csvCell,
  csvSeparatorFor,
  toCsv,
} from '../../../renderer/src/lib/visit/csv';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { activityEntry } from '../../helpers/activity-entry';

describe('csvSeparatorFor', () => {
  it.each([
    ['en-US', ','],
    ['en-GB', ','],
    ['ja', ','],
    ['de', ';'],
    ['de-AT', ';'],
    ['fr', ';'],
    ['nl', ';'],
    ['de-CH', ','],
  ])('%s → %s (from the locale decimal separator)', (locale, separator) => {
    expect(csvSeparatorFor(locale)).toBe(separator);
  });
});

describe('localised CSV files', () => {
  const entry = activityEntry({
    id: '1',
    at: '2026-05-04T12:00:00Z',
    locationId: 'loc_1',
    locationName: 'Markt; München',
    detail: 'Zähler 1,5 m',
    visitId: 'v-1',
  });
  const options = (locale: string) => ({
    organization: 'Nordwind',
    cities: new Map([['loc_1', 'München']]),
    locale,
    offsetMinutes: () => 60,
  });
  it('German: BOM, semicolons, German headers, the separator quoted inside cells', () => {
    setLocaleSource(() => resolveLocale(['de']));
    try {
      expect(activityToCsv([entry], options('de'))).toBe(
        `${CSV_BOM}"Organisation";"Zeit";"Aktion";"Seriennummer";"Bezeichnung";"Standort";"Ort";"Ergebnis";"Details";"Offene Punkte";"Unterschrieben von"\r\n` +
          '"Nordwind";"2026-05-04 13:00:00 +01:00";"Installieren";"FTC-1";"";"Markt; München";"München";"Erledigt";"Zähler 1,5 m";"Keine Prüfung";""\r\n',
      );
    } finally {
      setLocaleSource(() => FALLBACK_LOCALE);
    }
  });
  it('US English: BOM and commas, the comma cell quoted', () => {
    expect(activityToCsv([entry], options('en-US'))).toBe(
      `${CSV_BOM}"Organization","Time","Action","Serial number","Label","Location","City","Result","Detail","Needs follow-up","Signed by"\r\n` +
        '"Nordwind","2026-05-04 13:00:00 +01:00","Install","FTC-1","","Markt; München","München","Done","Zähler 1,5 m","Not checked",""\r\n',
    );
  });
  it('the detail column says what the core recorded in the file’s language', () => {
    const replaced = {
      ...entry,
      action: 'replace' as const,
      detail: 'Replaced FTC-0 at Markt; München.',
      fact: { kind: 'replaced' as const, old: 'FTC-0', location: 'Markt' },
    };
    setLocaleSource(() => resolveLocale(['de']));
    try {
      expect(activityToCsv([replaced], options('de')).split('\r\n')[1]).toBe(
        '"Nordwind";"2026-05-04 13:00:00 +01:00";"Austauschen";"FTC-1";"";"Markt; München";"München";"Erledigt";"FTC-0 am Standort Markt ausgetauscht.";"Keine Prüfung";""',
      );
    } finally {
      setLocaleSource(() => FALLBACK_LOCALE);
    }
  });
  it('the BOM encodes as UTF-8 EF BB BF', () => {
    expect([...new TextEncoder().encode(activityToCsv([], options('ja'))).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  });
  it('quotes every cell whatever the separator in use', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(toCsv([['x', 'y']], ';')).toBe('"x";"y"\r\n');
  });
});
