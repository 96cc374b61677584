/**
 * The real Electron app, driven by Playwright's Electron support. Runs wherever an Electron
 * binary is installed; on machines that cannot download it, every test is skipped with a
 * message saying so (never a fake pass).
 *
 * Page code is passed as strings: this file is typechecked without the DOM library.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { OPERATION_NAMES } from '../../electron/shared';

const ROOT = join(import.meta.dirname, '..', '..');
const SKIP_MESSAGE = 'Electron binary not available on this machine (cannot be downloaded here)';

/**
 * Where `require('electron')` would point, without requiring it: electron's index.js starts a
 * download when the binary is missing, and this machine must not reach the internet.
 */
const electronBinary = (): string | null => {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(packageDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const relative = readFileSync(pathFile, 'utf8').trim();
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    return null;
  }
};

const binary = electronBinary();

test.describe('Electron app', () => {
  test.skip(binary === null, SKIP_MESSAGE);

  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  test.beforeAll(() => {
    if (!existsSync(join(ROOT, 'dist/electron/main.cjs'))) {
      execFileSync(
        join(ROOT, 'node_modules/.bin/vite'),
        ['build', '-c', 'vite.electron.config.ts'],
        {
          cwd: ROOT,
          stdio: 'inherit',
        },
      );
    }
  });

  test.beforeEach(async () => {
    userData = mkdtempSync(join(tmpdir(), 'fi-electron-'));
    app = await _electron.launch({
      executablePath: binary ?? '',
      args: [ROOT],
      // A fresh user-data dir per test (honoured only by unpackaged runs, see app.ts).
      env: { ...process.env, FIELD_INSTALLER_USER_DATA_DIR: userData },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterEach(async () => {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  });

  test('loads the renderer from app://installer with the contract API and no Node', async () => {
    expect(page.url()).toMatch(/^app:\/\/installer\//);
    expect(await page.title()).toBe('Field Installer');
    const keys = (await page.evaluate('Object.keys(window.installer).sort()')) as string[];
    expect(keys).toEqual([...OPERATION_NAMES, 'onEvent'].sort());
    expect(await page.evaluate('typeof require + typeof process + typeof Buffer')).toBe(
      'undefinedundefinedundefined',
    );
    // Answers cross IPC as envelope text (EnvelopeText in the contract).
    const status = JSON.parse(
      (await page.evaluate('window.installer.sessionStatus({})')) as string,
    ) as unknown;
    expect(status).toMatchObject({ ok: true, value: { signedIn: false } });
  });

  test('serves every response with the CSP and refuses path traversal', async () => {
    const csp = await page.evaluate(
      "fetch('/index.html').then((r) => r.headers.get('content-security-policy'))",
    );
    expect(csp).toContain("default-src 'none'");
    const status = await page.evaluate("fetch('/..%2f..%2fpackage.json').then((r) => r.status)");
    expect(status).toBe(404);
  });

  test('cannot navigate away or open windows', async () => {
    const before = page.url();
    await page.evaluate("location.href = 'https://example.com/'");
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    expect(await page.evaluate("window.open('https://example.com/') === null")).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });
});
