/** Activity entries said from the kind the core recorded, in the technician's language. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityFact } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityDetail, replacedSerial } from '../../../renderer/src/lib/words/activity-text';
import { absoluteTime } from '../../../renderer/src/lib/words/format';
import { plain } from '../../helpers/plain-text';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

// Names and notes are isolated for direction (words/bidi.ts); the words are compared here.
const said = (fact: ActivityFact, walkTest: ActivityEntry['walkTest'] = null) =>
  plain(activityDetail({ fact, detail: '', walkTest }));

/** Each kind with the English an earlier version wrote in `detail` for it. */
const FACTS: [ActivityFact, string][] = [
  [{ kind: 'queued' }, 'Queued: it will be sent when the connection is back.'],
  [
    { kind: 'created_offline' },
    'Created on this computer: it will be sent when the connection is back.',
  ],
  [{ kind: 'discarded' }, 'Discarded from the queue by the technician.'],
  [{ kind: 'installed', location: 'Markt Nord' }, 'Installed at Markt Nord.'],
  [{ kind: 'installed', location: null }, 'Installed at the location.'],
  [{ kind: 'moved', location: 'Markt Süd' }, 'Moved to Markt Süd.'],
  [{ kind: 'replaced', old: 'FTC-1', location: 'Markt Nord' }, 'Replaced FTC-1 at Markt Nord.'],
  [{ kind: 'uninstalled', location: 'Markt Nord' }, 'Uninstalled from Markt Nord.'],
  [{ kind: 'uninstalled', location: null }, 'Uninstalled.'],
  [{ kind: 'device_saved' }, 'Device details saved.'],
  [{ kind: 'location_created', name: 'Markt Ost' }, 'Created Markt Ost.'],
  [{ kind: 'location_deleted', location: 'Markt West' }, 'Deleted Markt West.'],
  [{ kind: 'location_deleted', location: null }, 'Deleted the location.'],
  [{ kind: 'conflict', location: 'Markt Süd' }, 'The device is installed at Markt Süd.'],
];

describe('activityDetail', () => {
  it('says every kind in English exactly as the core’s English detail (old rows read the same)', () => {
    for (const [fact, english] of FACTS) expect(said(fact)).toBe(english);
  });

  it('says each kind in German, with its parameters', () => {
    speak('de');
    expect(said({ kind: 'queued' })).toBe(
      'In der Warteschlange: wird gesendet, sobald die Verbindung wieder besteht.',
    );
    expect(said({ kind: 'installed', location: 'Markt Nord' })).toBe(
      'Installiert am Standort Markt Nord.',
    );
    expect(said({ kind: 'replaced', old: 'FTC-1', location: 'Markt Nord' })).toBe(
      'FTC-1 am Standort Markt Nord ausgetauscht.',
    );
    expect(said({ kind: 'conflict', location: 'Markt Süd' })).toBe(
      'Das Gerät ist am Standort Markt Süd installiert.',
    );
    for (const [fact, english] of FACTS) expect(said(fact)).not.toBe(english);
  });

  it('says a verification with its walk test and the technician’s note, numbers grouped', () => {
    const fact: ActivityFact = { kind: 'verification', checkedIn: true, note: 'Über der Tür' };
    const walk = { expected: 1500, counted: 1500, passed: true, reason: null };
    expect(said(fact, walk)).toBe(
      'Checked in after install. Walk test passed: 1,500 of 1,500 counted. Über der Tür',
    );
    speak('de');
    expect(said(fact, walk)).toBe(
      'Hat sich nach der Installation gemeldet. Begehungstest bestanden: 1.500 von 1.500 gezählt. Über der Tür',
    );
    speak('ja');
    expect(
      said(
        { kind: 'verification', checkedIn: false, note: null },
        { expected: 3, counted: 1, passed: false, reason: 'ドアが開いていた' },
      ),
    ).toBe(
      'チェックインはありませんでした。 ウォークテスト不合格: 3 回中 1 回をカウント (ドアが開いていた)。',
    );
  });

  it('says a refusal by its error code, in the language', () => {
    const fact: ActivityFact = {
      kind: 'failed',
      error: {
        kind: 'not_found',
        code: 'device_not_found',
        params: { serial: 'FTC-9' },
        message: 'No device with serial number FTC-9 exists in this organization.',
      },
    };
    expect(said(fact)).toBe('No device with serial number FTC-9 exists in this organization.');
    speak('de');
    expect(said(fact)).toBe(
      'In dieser Organisation gibt es kein Gerät mit der Seriennummer FTC-9.',
    );
  });

  it('shows an entry from before facts as the English it was written in', () => {
    speak('fr');
    expect(activityDetail({ fact: null, detail: 'Installed at Store 1.', walkTest: null })).toBe(
      'Installed at Store 1.',
    );
    expect(said({ kind: 'moved', location: 'Magasin 2' })).toBe('Déplacé au magasin Magasin 2.');
  });

  it('finds a replacement’s old serial from the fact or an old entry’s English', () => {
    expect(
      replacedSerial({ fact: { kind: 'replaced', old: 'FTC-2', location: null }, detail: '' }),
    ).toBe('FTC-2');
    expect(replacedSerial({ fact: null, detail: 'Replaced FTC-7 at Store A.' })).toBe('FTC-7');
    expect(replacedSerial({ fact: null, detail: 'Installed at Store A.' })).toBeNull();
  });
});

describe('an action that waited in the queue', () => {
  it('says when it was sent beside what it did (its time is when the technician acted)', () => {
    const fact: ActivityFact = { kind: 'installed', location: 'Markt Nord' };
    const sentAt = '2026-05-04T12:35:00Z';
    const line = plain(activityDetail({ fact, detail: '', walkTest: null, sentAt }));
    expect(line.startsWith('Installed at Markt Nord. Sent from the queue at ')).toBe(true);
    expect(line).toContain(absoluteTime(sentAt));
    expect(plain(activityDetail({ fact, detail: '', walkTest: null, sentAt: null }))).toBe(
      'Installed at Markt Nord.',
    );
  });

  it('names the broken device of a replace recorded with it, even while the replace is queued', () => {
    expect(
      replacedSerial({ fact: { kind: 'queued' }, detail: 'Queued: …', replaces: 'FTC-OLD' }),
    ).toBe('FTC-OLD');
  });
});

describe('names and notes inside a sentence', () => {
  it('are isolated for direction, so a right-to-left override turns only itself', () => {
    const override = '\u202EpohS';
    const text = activityDetail({
      fact: { kind: 'verification', checkedIn: true, note: override },
      detail: '',
      walkTest: null,
    });
    expect(text).toContain(`\u2068${override}\u2069`);
    expect(
      activityDetail({
        fact: { kind: 'installed', location: override },
        detail: '',
        walkTest: null,
      }),
    ).toBe(`Installed at \u2068${override}\u2069.`);
  });
});
