/** The connection check's facts and report in the technician's language. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionReport, ConnectionStep } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import {
  factWords,
  reportText,
  stepNotes,
} from '../../../renderer/src/lib/words/connection-report';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));
const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));

const step = (over: Partial<ConnectionStep>): ConnectionStep => ({
  step: 'organizations',
  endpoint: 'GET /organizations',
  outcome: 'ok',
  ms: 1234,
  status: null,
  paging: 'page',
  items: 2,
  total: 2,
  fields: ['id', 'name'],
  unknownFields: [],
  problem: null,
  facts: [],
  notes: [],
  ...over,
});

describe('connection facts', () => {
  it('are said in each language, counts grouped and plural', () => {
    const fact = { kind: 'organizations_visible', count: 1 } as const;
    expect(factWords(fact)).toBe('The key gives access to 1 organization.');
    speak('de');
    expect(factWords({ kind: 'organizations_visible', count: 1200 })).toBe(
      'Der Schlüssel gewährt Zugriff auf 1.200 Organisationen.',
    );
    speak('ja');
    expect(factWords({ kind: 'skipped_no_device' })).toBe(
      '未実行: 確認するデバイスが一覧にありませんでした。',
    );
  });

  it('what the readers adapted to is said in every language, never in the core’s English', () => {
    const adapted = [
      { kind: 'not_installed_empty_location' },
      { kind: 'zero_time_is_never' },
      { kind: 'named_root' },
      { kind: 'traffic_flat_records', granularity: 'day' },
      { kind: 'traffic_flat_records', granularity: 'hour' },
      { kind: 'traffic_other_organizations', locations: 1 },
      { kind: 'traffic_other_organizations', locations: 1200 },
    ] as const;
    expect(adapted.map(factWords)).toEqual([
      'Devices that are not installed come with an empty location; the app reads them as not installed.',
      'Times written as a zero value (0001-01-01, 0 or empty) mean “never”; the app shows them so.',
      'Single resources come wrapped in a named root such as “device”; the app reads them from it.',
      'Foot traffic arrives as daily records, one per location and day; the app groups them by location.',
      'Foot traffic arrives as hourly records, one per location and hour; the app groups them by location.',
      'Foot traffic includes 1 location of other organizations; the app leaves it out.',
      'Foot traffic includes 1,200 locations of other organizations; the app leaves them out.',
    ]);
    const english = adapted.map(factWords);
    for (const tag of ['de', 'fr', 'nl', 'ja']) {
      speak(tag);
      const words = adapted.map(factWords);
      words.forEach((w, i) => expect(w, `${tag} ${adapted[i]!.kind}`).not.toBe(english[i]));
      expect(new Set(words).size, tag).toBe(words.length);
    }
    speak('de');
    expect(factWords({ kind: 'traffic_other_organizations', locations: 1200 })).toBe(
      'Die Besucherzahlen enthalten 1.200 Standorte anderer Organisationen; die App lässt sie weg.',
    );
    speak('ja');
    expect(factWords({ kind: 'traffic_flat_records', granularity: 'day' })).toBe(
      '来店者数は店舗ごと・1 日ごとに 1 件のレコードで返されます。アプリは店舗ごとにまとめます。',
    );
  });

  it('a report kept by an earlier version (notes only) still shows its notes', () => {
    expect(stepNotes(step({ notes: ['Signed in as Ada.'] }))).toEqual(['Signed in as Ada.']);
    speak('fr');
    expect(
      stepNotes(step({ facts: [{ kind: 'signed_in_as', name: 'Ada' }], notes: ['x'] })),
    ).toEqual(['Connecté en tant que Ada.']);
  });

  it('the German report keeps endpoints, kinds and times as they are', () => {
    speak('de');
    const report: ConnectionReport = {
      at: '2026-05-04T12:00:00.000Z',
      baseUrl: 'https://api.example.com/v1',
      organization: null,
      outcome: 'problems',
      steps: [
        step({ facts: [{ kind: 'user_not_named' }] }),
        step({
          step: 'locations',
          endpoint: 'GET /locations',
          outcome: 'failed',
          paging: null,
          items: null,
          total: null,
          problem: { kind: 'server', code: 'server', params: { status: 503 } },
        }),
      ],
    };
    const text = reportText(report, { name: 'Field Installer', version: '1.2.3' });
    expect(text).toContain('Field Installer – Verbindungsbericht');
    expect(text).toContain('Geprüft am: 2026-05-04T12:00:00.000Z');
    expect(text).toContain('  Dauer: 1.234 ms');
    expect(text).toContain('  Hinweis: Die Antwort nannte den angemeldeten Benutzer nicht.');
    expect(text).toContain('GET /locations');
    expect(text).toContain('  Problem (server): Der Server hatte ein Problem (HTTP 503)');
    expect(text).toContain('Organisation: keine (nicht ausgewählt)');
  });
});
