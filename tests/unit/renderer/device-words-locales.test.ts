/** The device and inventory screens' sentences in each language: counts agree with their
 * number, emphasised values survive every translation, managed-settings rows are worded. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { deviceCountText } from '../../../renderer/src/lib/lists/device-count';
import { emphasised } from '../../../renderer/src/lib/words/emphasis';
import { m } from '../../../renderer/src/lib/words/i18n';
import { describeOutcome } from '../../../renderer/src/lib/words/install-outcome';
import { managedBy, managedRows } from '../../../renderer/src/lib/words/managed-text';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

describe('emphasised', () => {
  it('splits a sentence into plain and bold parts wherever the language puts the values', () => {
    const params = { serial: 'FTC-1', from: 'Markt Mitte', to: 'Berlin Süd' };
    expect(emphasised(m.device_move_body, params, ['from', 'to'])).toEqual([
      { text: 'FTC-1 is installed at ', strong: false },
      { text: 'Markt Mitte', strong: true },
      { text: '. Move it to ', strong: false },
      { text: 'Berlin Süd', strong: true },
      { text: '?', strong: false },
    ]);
    speak('ja');
    const parts = emphasised(m.device_move_body, params, ['from', 'to']);
    expect(parts.filter((p) => p.strong).map((p) => p.text)).toEqual(['Markt Mitte', 'Berlin Süd']);
    expect(parts.map((p) => p.text).join('')).toBe(
      'FTC-1 は Markt Mitte に設置されています。Berlin Süd に移設しますか？',
    );
  });

  it.each(['en', 'de', 'fr', 'nl', 'ja', 'en-XA'])(
    'keeps every bold value of the confirmations in %s',
    (tag) => {
      speak(tag);
      const bold = (parts: { text: string; strong: boolean }[]) =>
        parts.filter((p) => p.strong).map((p) => p.text);
      expect(
        bold(emphasised(m.device_move_body, { serial: 'S', from: 'A', to: 'B' }, ['from', 'to'])),
      ).toEqual(['A', 'B']);
      expect(
        bold(emphasised(m.device_uninstall_body, { serial: 'S', location: 'L' }, ['location'])),
      ).toEqual(['L']);
      expect(
        bold(emphasised(m.device_install_body, { serial: 'S', location: 'L' }, ['location'])),
      ).toEqual(['L']);
    },
  );
});

describe('inventory counts and outcomes per language', () => {
  it('agree with the number and group digits the locale’s way', () => {
    speak('de');
    expect(deviceCountText({ matched: 1, matchedCapped: false, total: 1 }, false)).toBe('1 Gerät');
    expect(deviceCountText({ matched: 12, matchedCapped: false, total: 1_234 }, true)).toBe(
      '12 von 1.234 Geräten',
    );
    speak('fr');
    expect(deviceCountText({ matched: 10_000, matchedCapped: true, total: 1_000_000 }, true)).toBe(
      '10\u202f000+ sur 1\u202f000\u202f000 appareils',
    );
    speak('ja');
    expect(deviceCountText({ matched: 5, matchedCapped: false, total: 7 }, true)).toBe(
      '7 台中 5 台のデバイス',
    );
  });

  it('say a queued install in German with the serial', () => {
    speak('de');
    const queued = { status: 'queued', item: { serial: 'FTC-7' } } as unknown as ActionResult;
    expect(describeOutcome(queued, 'Installed')).toBe(
      'FTC-7 wird installiert, sobald die Verbindung wieder besteht.',
    );
  });
});

describe('managed settings in words', () => {
  it('names the source and the rows in the chosen language', () => {
    speak('de');
    expect(managedBy({ kind: 'windows-policy', where: 'HKLM\\Software' })).toBe(
      'Windows-Gruppenrichtlinie (HKLM\\Software)',
    );
    expect(
      managedRows({
        source: { kind: 'windows-policy', where: 'HKLM' },
        apiBaseUrl: 'https://api.example.com',
        apiBaseUrlLocked: true,
        updateUrl: null,
        updatesEnabled: false,
        photoMaxSide: 2048,
        quality: {
          rules: { photos: 2, passedCheck: true, checklist: false },
          organizations: ['org_1'],
          checklistFile: '/etc/field-installer/checklists.json',
        },
        auditPercent: null,
        auditMinCrossings: null,
        auditMinMinutes: null,
        auditPassRule: null,
      }),
    ).toEqual([
      ['API-Basis-URL', 'https://api.example.com (gesperrt)'],
      ['Automatische Updates', 'Aus'],
      ['Größe der Montagefotos', '2.048 px an der längsten Seite'],
      [
        'Abschlussregeln',
        '2 Montagefotos pro Gerät, ein bestandener Begehungstest oder eine bestandene Zählprüfung (Organisationen: org_1)',
      ],
      ['Montage-Checklisten', '/etc/field-installer/checklists.json'],
    ]);
  });
});
