/** Failures said in the technician's language from the kind and code the core sends. */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../../electron/contract';
import { wording } from '../../../electron/core/api/messages';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/active-locale';
import { errorWords } from '../../../renderer/src/lib/error-text';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const notFound: AppErrorShape = {
  kind: 'not_found',
  ...wording.notFound({ kind: 'device', serial: 'FTC-9' }),
};

describe('errorWords', () => {
  it('says a coded core error with its parameters in each language', () => {
    expect(errorWords(notFound).message).toBe(
      'No device with serial number FTC-9 exists in this organization.',
    );
    speak('de');
    expect(errorWords(notFound).message).toBe(
      'In dieser Organisation gibt es kein Gerät mit der Seriennummer FTC-9.',
    );
    speak('ja');
    expect(errorWords(notFound).message).toBe(
      'この組織にシリアル番号 FTC-9 のデバイスはありません。',
    );
  });

  it('English words from the catalog match the core log sentence they replace', () => {
    const samples = [
      wording.offline('api.example.com'),
      wording.timeout('api.example.com', 15),
      wording.rateLimited(30),
      wording.rateLimited(600),
      wording.locationHasDevices(3),
      wording.installedElsewhere({ id: 'loc_1', name: 'Markt Mitte' }),
      wording.server(503),
    ];
    for (const sample of samples)
      expect(errorWords({ kind: 'server', ...sample })).toEqual({
        message: sample.message,
        nextStep: sample.nextStep,
      });
  });

  it('plural forms follow the number (fr: one device, several devices)', () => {
    speak('fr');
    expect(errorWords({ kind: 'conflict', ...wording.locationHasDevices(1) }).message).toBe(
      '1 appareil est encore installé dans ce magasin.',
    );
    expect(errorWords({ kind: 'conflict', ...wording.locationHasDevices(4) }).message).toBe(
      '4 appareils sont encore installés dans ce magasin.',
    );
  });

  it('a failure without a code: English keeps the core sentence, other languages say the kind', () => {
    const shape: AppErrorShape = {
      kind: 'storage',
      message: 'The disk is full: nothing was saved.',
      nextStep: 'Free some space.',
    };
    expect(errorWords(shape).message).toBe('The disk is full: nothing was saved.');
    speak('nl');
    expect(errorWords(shape).message).toMatch(/^De gegevens konden niet/);
    speak('en-XA');
    expect(errorWords(shape).message).toMatch(/^⟦/);
  });
});
