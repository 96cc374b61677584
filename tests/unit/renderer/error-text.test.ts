/** Failures said in the technician's language from the kind and code the core sends. */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../../electron/contract';
import { wording } from '../../../electron/core/api/messages';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/active-locale';
import { errorWords } from '../../../renderer/src/lib/error-text';
import { z } from 'zod';
import type { AppError } from '../../../electron/core/app-error';
import { walkTestOf } from '../../../electron/core/service/visit-service';
import { validationError } from '../../../electron/core/validation-error';

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

describe('core errors outside the API client are said by code', () => {
  const shapeOf = (run: () => unknown): AppErrorShape => {
    try {
      run();
    } catch (error) {
      return (error as AppError).toShape();
    }
    throw new Error('did not throw');
  };

  it('a walk test short of its passes, in German and Japanese, with its numbers', () => {
    const shape = shapeOf(() =>
      walkTestOf({
        serial: 'FTC-1',
        locationId: 'loc_1',
        checkedIn: true,
        walkTestCount: 2,
        walkTestExpected: 3,
      } as never),
    );
    expect(shape).toMatchObject({ code: 'walk_test_short', params: { count: 2, expected: 3 } });
    expect(errorWords(shape).message).toBe('The walk test counted 2 of 3 passes.');
    speak('de');
    expect(errorWords(shape).message).toBe('Der Begehungstest hat 2 von 3 Durchgängen gezählt.');
    speak('ja');
    expect(errorWords(shape).message).toBe('ウォークテストでは 3 回中 2 回がカウントされました。');
  });

  it('a form with several bad fields says so in the language, not in English', () => {
    const parsed = z.object({ a: z.string(), b: z.number() }).safeParse({});
    const shape = validationError(parsed.error!).toShape();
    expect(shape.code).toBe('fields');
    speak('fr');
    expect(errorWords(shape)).toEqual({
      message: 'Certains champs doivent être corrigés.',
      nextStep: 'Corrigez les champs signalés et réessayez.',
    });
  });

  it('English words from the catalog match the core sentences they replace', () => {
    const core: AppErrorShape[] = [
      shapeOf(() => walkTestOf({ walkTestCount: 0, walkTestExpected: 3 } as never)),
      validationError(z.object({ a: z.string(), b: z.string() }).safeParse({}).error!).toShape(),
    ];
    for (const shape of core) expect(errorWords(shape).message).toBe(shape.message);
  });
});

describe('list, foot-traffic and keychain failures', () => {
  const shapeOf = (error: AppError): AppErrorShape => error.toShape();
  it('English from the catalog is the core sentence; German from the code', async () => {
    const { listTooBig, repeatedPage, shortList } =
      await import('../../../electron/core/api/list-walk');
    const { unknownTrafficFormat } = await import('../../../electron/core/api/traffic-reader');
    for (const error of [
      listTooBig(),
      repeatedPage(),
      shortList(1200, 1150),
      unknownTrafficFormat(),
    ])
      expect(errorWords(shapeOf(error))).toEqual({
        message: error.message,
        nextStep: error.nextStep,
      });
    speak('de');
    expect(errorWords(shapeOf(shortList(1200, 1150))).message).toBe(
      'Laut Server hat die Liste 1.200 Einträge, gesendet wurden aber 1.150.',
    );
    expect(errorWords(shapeOf(listTooBig())).message).toContain('mehr als 200.000 Einträge');
  });
  it('names the platform keychain in the language', () => {
    const unavailable = (platform: string): AppErrorShape => ({
      kind: 'keychain_unavailable',
      code: 'keychain_unavailable',
      params: { platform },
      message: 'x',
      nextStep: 'y',
    });
    speak('fr');
    expect(errorWords(unavailable('win32')).message).toContain('Gestionnaire d’identification');
    expect(errorWords(unavailable('darwin')).message).toContain('trousseau macOS');
    expect(errorWords(unavailable('linux')).message).toContain('Secret Service');
  });
});
