import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  preferred: [] as string[],
  locale: 'en-US',
}));

vi.mock('electron', () => ({
  app: {
    getPreferredSystemLanguages: () => electron.preferred,
    getLocale: () => electron.locale,
  },
}));

const { mainLocale, setMainLocale, systemLanguages } =
  await import('../../../electron/main/system-languages');
const { m } = await import('../../../i18n/paraglide/messages.js');

describe('system languages (mocked electron)', () => {
  beforeEach(() => {
    electron.preferred = [];
    electron.locale = 'en-US';
  });
  it("passes the OS's ordered list with regions on", () => {
    electron.preferred = ['de-AT', 'en-GB', 'ja-JP'];
    expect(systemLanguages()).toEqual(['de-AT', 'en-GB', 'ja-JP']);
  });
  it("falls back to the app's locale when the OS lists none", () => {
    electron.locale = 'fr';
    expect(systemLanguages()).toEqual(['fr']);
  });

  it('the main process speaks the OS language, passing it to each message', () => {
    electron.preferred = ['de-CH', 'en-US'];
    expect(mainLocale()).toBe('de');
    expect(m.main_start_failed_title({}, { locale: mainLocale() })).toBe(
      'Field Installer konnte nicht starten',
    );
    electron.preferred = ['zh-TW'];
    expect(mainLocale()).toBe('en');
  });
  it('speaks the renderer’s chosen language once it said so (mocked electron)', async () => {
    electron.preferred = ['de-DE'];
    expect(mainLocale()).toBe('de');
    const { applyLanguage } = await import('../../../electron/main/set-language');
    expect(applyLanguage({ locale: 'xx' }, setMainLocale).ok).toBe(false);
    expect(mainLocale()).toBe('de');
    expect(applyLanguage({ locale: 'ja' }, setMainLocale)).toEqual({
      ok: true,
      value: { applied: true },
    });
    expect(mainLocale()).toBe('ja');
  });
});
