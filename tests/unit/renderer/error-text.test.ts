/** Failures said in the technician's language from the kind and code the core sends. */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorShape, SavedError } from '../../../electron/shared';
import { installedElsewhere, locationHasDevices } from '../../../electron/core/api/error-mapping';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { z } from 'zod';
import type { AppError } from '../../../electron/core/app-error';
import { walkTestOf } from '../../../electron/core/service/verification-service';
import { validationError } from '../../../electron/core/validation-error';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const notFound: AppErrorShape = {
  kind: 'not_found',
  code: 'device_not_found',
  params: { serial: 'FTC-9' },
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

  it('English words from the catalog are the sentences the core used to write', () => {
    const samples: [AppErrorShape, string, string][] = [
      [
        { kind: 'offline', code: 'offline', params: { host: 'api.example.com' } },
        'Could not reach the server at api.example.com. The network connection seems to be down.',
        'Check the Wi-Fi or network cable, then try again. Installs and uninstalls can be queued meanwhile.',
      ],
      [
        { kind: 'timeout', code: 'timeout', params: { host: 'api.example.com', seconds: 15 } },
        'The server at api.example.com did not answer within 15 seconds.',
        'The connection may be slow. Move closer to the Wi-Fi access point or try again in a moment.',
      ],
      [
        { kind: 'rate_limited', code: 'rate_limited', params: { seconds: 30 } },
        'The server is receiving too many requests right now.',
        'Try again in 30 seconds.',
      ],
      [
        { kind: 'rate_limited', code: 'rate_limited', params: { seconds: 600 } },
        'The server is receiving too many requests right now.',
        'Try again in 10 minutes.',
      ],
      [
        locationHasDevices(3),
        'This location still has 3 devices installed.',
        'Uninstall its devices first, then delete the location.',
      ],
      [
        installedElsewhere({ id: 'loc_1', name: 'Markt Mitte' }),
        'This device is already installed at “Markt Mitte”.',
        'Uninstall it there first, or move it to this location.',
      ],
      [
        { kind: 'server', code: 'server', params: { status: 503 } },
        'The server had a problem (HTTP 503) and could not complete the request.',
        'Try again in a few minutes. If it keeps happening, tell your admin.',
      ],
    ];
    for (const [shape, message, nextStep] of samples)
      expect(errorWords(shape)).toEqual({ message, nextStep });
  });

  it('plural forms follow the number (fr: one device, several devices)', () => {
    speak('fr');
    expect(errorWords(locationHasDevices(1)).message).toBe(
      '1 appareil est encore installé dans ce magasin.',
    );
    expect(errorWords(locationHasDevices(4)).message).toBe(
      '4 appareils sont encore installés dans ce magasin.',
    );
  });

  it('a failure an earlier version saved without a code: its English on an English screen, else the kind', () => {
    const shape: SavedError = {
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
      walkTestOf(
        { serial: 'FTC-1', locationId: 'loc_1', walkTestExpected: 3 },
        { startedAt: '2026-05-04T10:00:00.000Z', counted: 2, before: 0, beforeMinutes: 5 },
      ),
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

  it('English words from the catalog are the sentences the core used to write', () => {
    expect(
      errorWords(
        shapeOf(() =>
          walkTestOf({ serial: 'FTC-1', locationId: 'loc_1', walkTestExpected: 3 }, null),
        ),
      ),
    ).toEqual({
      message: 'The walk test counted 0 of 3 passes.',
      nextStep: 'Walk through again, or say why it did not pass to record it as failed.',
    });
    const fields = z.object({ a: z.string(), b: z.string() }).safeParse({}).error!;
    expect(errorWords(validationError(fields).toShape())).toEqual({
      message: 'Some fields need fixing.',
      nextStep: 'Correct the marked fields and try again.',
    });
  });

  it('one field that needs fixing is said by its rule, in every language', () => {
    const parsed = z.object({ a: z.string().min(1, 'serial_empty') }).safeParse({ a: '' });
    const shape = validationError(parsed.error!, { a: '' }).toShape();
    expect(shape.code).toBe('field');
    expect(errorWords(shape).message).toBe('Serial number is empty');
    speak('de');
    expect(errorWords(shape).message).toBe('Die Seriennummer ist leer');
  });
});

describe('list, foot-traffic and keychain failures', () => {
  const shapeOf = (error: AppError): AppErrorShape => error.toShape();
  it('English from the catalog is the core sentence; German from the code', async () => {
    const { listTooBig, repeatedPage, shortList } =
      await import('../../../electron/core/api/list-walk');
    const { unknownTrafficFormat } = await import('../../../electron/core/api/traffic-reader');
    const said: [AppError, string, string][] = [
      [
        listTooBig(),
        'The list is larger than this app reads at once (more than 200,000 entries or 64 MB).',
        'Nothing was changed. Tell your admin; the server may be sending far more than asked.',
      ],
      [
        repeatedPage(),
        'The server sent the same page of a list twice, so the list could not be read completely.',
        'Nothing was changed. Try again later; if it keeps happening, send a connection report to support.',
      ],
      [
        shortList(1200, 1150),
        'The server said the list has 1,200 entries but sent 1,150.',
        'Nothing was removed from this computer. Try again later; if it keeps happening, send a connection report to support.',
      ],
      [
        unknownTrafficFormat(),
        "The server's foot traffic is in a format this app does not read yet.",
        'The counts are not shown rather than shown wrong. Send a connection report to support.',
      ],
    ];
    for (const [error, message, nextStep] of said)
      expect(errorWords(shapeOf(error))).toEqual({ message, nextStep });
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
    });
    speak('fr');
    expect(errorWords(unavailable('win32')).message).toContain('Gestionnaire d’identification');
    expect(errorWords(unavailable('darwin')).message).toContain('trousseau macOS');
    expect(errorWords(unavailable('linux')).message).toContain('Secret Service');
  });
});
