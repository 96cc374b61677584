import { describe, expect, it } from 'vitest';
import { chromiumExecutable, DEBIAN_CHROMIUM } from '../../helpers/system-chromium';

describe("Playwright's browser on each OS", () => {
  it("uses Debian's Chromium where it is installed", () => {
    expect(chromiumExecutable({}, (path) => path === DEBIAN_CHROMIUM)).toBe(DEBIAN_CHROMIUM);
  });

  it('leaves the choice to Playwright (its own Chromium) where it is not, as on macOS and Windows', () => {
    expect(chromiumExecutable({}, () => false)).toBeUndefined();
  });

  it('honours CHROMIUM_PATH first', () => {
    expect(chromiumExecutable({ CHROMIUM_PATH: 'C:\\chrome\\chrome.exe' }, () => true)).toBe(
      'C:\\chrome\\chrome.exe',
    );
  });
});
