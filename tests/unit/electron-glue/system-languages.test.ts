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

const { systemLanguages } = await import('../../../electron/main/system-languages');

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
});
