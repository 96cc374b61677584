import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumExecutable, DEBIAN_CHROMIUM, isSnap } from '../../helpers/system-chromium';

describe("Playwright's browser on each OS", () => {
  it("uses Debian's Chromium where it is installed", () => {
    expect(
      chromiumExecutable(
        {},
        (path) => path === DEBIAN_CHROMIUM,
        () => false,
      ),
    ).toBe(DEBIAN_CHROMIUM);
  });

  it('passes over Ubuntu’s snap Chromium (Playwright’s own is used there)', () => {
    expect(
      chromiumExecutable(
        {},
        () => true,
        () => true,
      ),
    ).toBeUndefined();
  });

  it('tells the snap wrapper and a link into /snap from a real browser (real files)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fi-chromium-'));
    try {
      // What Ubuntu's chromium-browser transitional package installs.
      const wrapper = join(dir, 'chromium-wrapper');
      writeFileSync(wrapper, '#! /bin/sh\nexec /snap/bin/chromium "$@"\n');
      chmodSync(wrapper, 0o755);
      expect(isSnap(wrapper)).toBe(true);
      const link = join(dir, 'chromium-link');
      symlinkSync('/snap/bin/chromium', link);
      expect(isSnap(link)).toBe(true);
      // A browser binary (here: Node's own) is not.
      expect(isSnap(process.execPath)).toBe(false);
      if (process.platform === 'linux' && chromiumExecutable() === DEBIAN_CHROMIUM)
        expect(isSnap(DEBIAN_CHROMIUM)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
