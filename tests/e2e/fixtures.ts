/**
 * Real parts for every browser test: the sandbox CLI (the vendor API) and browser mode
 * (`electron/web/cli.ts`, the real core behind the loopback bridge, a private keychain per
 * run via tests/with-keychain.mjs), both bundled by global-setup.ts and run by Node. Both
 * print one JSON line first; both are killed after.
 * The renderer must be built already (`npm run test:e2e` runs `vite build` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { startCli, type Running } from '../helpers/cli-process';
import { E2E_CORE_FILE, E2E_SANDBOX_FILE, e2eBundle } from './bundles';

export { type Running };

const ROOT = join(import.meta.dirname, '..', '..');
const WITH_KEYCHAIN = [process.execPath, join(ROOT, 'tests', 'with-keychain.mjs')];

export interface SandboxUser {
  name: string;
  api_key: string;
  organizations: { id: string; name: string }[];
}
export interface SandboxInfo {
  base_url: string;
  users: SandboxUser[];
}

/**
 * The processes the running test started, so that a failure shows what they logged: on CI
 * the printed output is all there is (the data dir with the log file is gone).
 */
const started: { what: string; process: Running<unknown> }[] = [];
const startTracked = async <T>(args: string[], what: string): Promise<Running<T>> => {
  const running = await startCli<T>(args, what);
  started.push({ what, process: running });
  return running;
};

export const startSandbox = (
  options: { port?: number; dataFile?: string; args?: readonly string[] } = {},
) =>
  startTracked<SandboxInfo>(
    [
      process.execPath,
      e2eBundle(E2E_SANDBOX_FILE),
      '--port',
      String(options.port ?? 0),
      ...(options.dataFile ? ['--data', options.dataFile] : []),
      ...(options.args ?? []),
    ],
    'sandbox',
  );

/**
 * A sandbox that keeps its state in a file, so that a test can stop it (the server is gone)
 * and `restart` it on the same port with the same data, optionally with fault flags.
 */
export async function startRestartableSandbox() {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'fi-sandbox-')), 'sandbox.json');
  const first = await startSandbox({ dataFile });
  const port = Number(new URL(first.info.base_url).port);
  return {
    first,
    info: first.info,
    restart: (args: readonly string[] = []) => startSandbox({ port, dataFile, args }),
  };
}

export const startWeb = (dataDir: string, extraArgs: readonly string[] = []) =>
  startTracked<{ url: string }>(
    [
      ...WITH_KEYCHAIN,
      process.execPath,
      e2eBundle(E2E_CORE_FILE),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...extraArgs,
    ],
    'browser mode',
  );

const sandboxOrigin = (info: SandboxInfo): string => new URL(info.base_url).origin;

/** POSTs to a sandbox control or API route (the test acting as "the world"). */
export async function sandboxRequest(
  info: SandboxInfo,
  method: string,
  path: string,
  body?: unknown,
  auth?: string,
): Promise<unknown> {
  const url = path.startsWith('/_sandbox') ? sandboxOrigin(info) + path : info.base_url + path;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Overridable because other runs sharing test-results/ may wipe it while this one works. */
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';

/**
 * Zero serious or critical axe violations, and a screenshot to look at (not on CI, where the
 * clone and its test-results/ are thrown away unseen).
 *
 * Legacy mode and violations only: the default mode finishes every run in a new blank page
 * with axe injected again and carries every passing node back, about 2 s per call against
 * 0.7 s, and the suite makes some 200 calls. Legacy mode only loses cross-origin frames, and
 * the app has no frames.
 */
export async function checkScreen(
  page: Page,
  name: string,
  theme: 'light' | 'dark',
): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  if (!process.env.CI)
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${theme}.png`, fullPage: true });
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `${name} (${theme})`).toEqual([]);
}

export const checkBothThemes = async (page: Page, name: string): Promise<void> => {
  await checkScreen(page, name, 'light');
  await checkScreen(page, name, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
};

interface Fixtures {
  dataDir: string;
  web: Running<{ url: string }>;
  /** Automatic: after a failed test, prints the last log lines of the processes it started. */
  processLogs: void;
}

const LOG_LINES_SHOWN = 40;

export const test = base.extend<Fixtures>({
  processLogs: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      started.length = 0;
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        for (const { what, process } of started) {
          const lines = process.output().trimEnd().split('\n').slice(-LOG_LINES_SHOWN);
          console.log(`--- ${what}: its last ${lines.length} log lines ---\n${lines.join('\n')}`);
        }
      started.length = 0;
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'fi-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  web: async ({ dataDir }, use) => {
    const web = await startWeb(join(dataDir, 'app'));
    await use(web);
    await web.stop();
  },
});

export { expect };
