/**
 * Real parts for every browser test, as Playwright fixtures: the sandbox CLI (the vendor API)
 * and browser mode (`electron/web/cli.ts`, the real core behind the loopback bridge, a private
 * keychain per run via tests/with-keychain.mjs), both bundled by global-setup.ts and run by
 * Node; a page signed in with a key or in training mode; a Chromium with a fake camera. A
 * spec names what it needs and keeps only what it tests: each fixture is set up for the tests
 * that ask for it, fresh per test (every test changes the server's state and the app's data),
 * and torn down after it, failed or not; a failed test also prints what the processes logged.
 * Per-file variations are options: `test.use({ sandboxArgs: ['--latency', '8000'] })`.
 * The renderer must be built already (`npm run test:e2e` runs `vite build` first).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startCli, type Running } from '../helpers/cli-process';
import { chromiumExecutable } from '../helpers/system-chromium';
import { E2E_CORE_FILE, E2E_SANDBOX_FILE, e2eBundle } from './bundles';
import { launchWithCamera } from './helpers/camera-browser';
import {
  atStoreAfterFirstSync,
  signInWithKey,
  startTraining,
  trainingSpareSerial,
} from './helpers';
import {
  twoOrgUser,
  type ApiLocation,
  type SandboxAccount,
  type SandboxInfo,
  type SandboxUser,
} from './sandbox-api';

const ROOT = join(import.meta.dirname, '..', '..');
const WITH_KEYCHAIN = [process.execPath, join(ROOT, 'tests', 'with-keychain.mjs')];

/**
 * How a browser mode gets keys of its own, apart from every other test's. Inside the run's
 * private keyring (`npm run test:e2e`; tests/with-keychain.sh marks it), a service name of its
 * own in that keyring, as the integration tests' core harness does: browser mode honours
 * FIELD_INSTALLER_KEYCHAIN_SERVICE for test names only. Elsewhere (a bare `playwright test`),
 * a private session of its own. The session per test cost about 1.5 s at every stop on Linux:
 * stopping its process group orphans dbus-daemon and the keyring daemon, which stay zombies
 * until init reaps them, and stopProcessTree waits until no member of the group is left.
 */
const ownKeychain = (): { prefix: string[]; env: Record<string, string> } =>
  process.env.FIELD_INSTALLER_PRIVATE_KEYRING === '1'
    ? {
        prefix: [],
        env: { FIELD_INSTALLER_KEYCHAIN_SERVICE: `field-installer-test-${randomUUID()}` },
      }
    : { prefix: WITH_KEYCHAIN, env: {} };

/**
 * The processes the running test started, so that a failure shows what they logged: on CI
 * the printed output is all there is (the data dir with the log file is gone).
 */
const started: { what: string; process: Running<unknown> }[] = [];
const startTracked = async <T>(
  args: string[],
  what: string,
  env: Record<string, string> = {},
): Promise<Running<T>> => {
  const running = await startCli<T>(args, what, undefined, env);
  started.push({ what, process: running });
  return running;
};

const startSandboxCli = (options: { port: number; dataFile?: string; args: readonly string[] }) =>
  startTracked<SandboxInfo>(
    [
      process.execPath,
      e2eBundle(E2E_SANDBOX_FILE),
      '--port',
      String(options.port),
      ...(options.dataFile ? ['--data', options.dataFile] : []),
      ...options.args,
    ],
    'sandbox',
  );

/**
 * Browser mode on a data folder or with flags of the test's choosing (the `web` fixture is
 * dataDir/app with none); stopped after the test like the fixtures' own processes.
 */
export const startWeb = (dataDir: string, extraArgs: readonly string[] = []) => {
  const keychain = ownKeychain();
  return startTracked<{ url: string }>(
    [
      ...keychain.prefix,
      process.execPath,
      e2eBundle(E2E_CORE_FILE),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...extraArgs,
    ],
    'browser mode',
    keychain.env,
  );
};

/**
 * Browser mode with IT's policy file holding `policy`; with `checks`, a mounting checklist file
 * of those checks for every device type too (its `MountingChecklistFile`).
 */
export const startWebWithPolicy = (
  dataDir: string,
  policy: Record<string, unknown>,
  checks?: readonly object[],
) => {
  const policyFile = join(dataDir, 'policy.json');
  const checklistFile = join(dataDir, 'checklists.json');
  if (checks)
    writeFileSync(checklistFile, JSON.stringify({ deviceTypes: {}, otherDeviceTypes: checks }));
  writeFileSync(
    policyFile,
    JSON.stringify({ ...policy, ...(checks ? { MountingChecklistFile: checklistFile } : {}) }),
  );
  return startWeb(join(dataDir, 'app'), ['--policy-file', policyFile]);
};

/**
 * `test.use` options for a Chromium on a desktop in `locale`'s language, e.g. 'de-DE': started
 * with --lang as there, and `locale` set too, because headless Chromium on Linux keeps
 * navigator.languages at en-US whatever --lang says and Playwright Test emulates its own
 * default locale (en-US) on top. Launching it is worker-wide: for one file, not one test.
 */
export const desktopLanguage = (locale: string) => {
  const language = locale.slice(0, 2);
  return {
    locale,
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [...CHROMIUM_ARGS, `--lang=${language}`, `--accept-lang=${language}`],
    },
  };
};

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

/** The sandbox a test runs against; `user` is the one the sign-in fixtures sign in as. */
export interface Sandbox extends SandboxAccount {
  /** Stops the server (the app finds it gone); safe to call again. */
  stop(): Promise<void>;
  /**
   * Starts it again on the same port with the state it had, with `args` as its flags (by
   * default `sandboxArgs`). Needs `test.use({ restartableSandbox: true })`.
   */
  restart(args?: readonly string[]): Promise<void>;
}

interface Options {
  /**
   * The sandbox CLI's flags for a file's tests: faults (`--latency 8000 --fault-path
   * /install$`, `--rate-limit-rate R`…), `--dialect NAME`, `--devices N`, `--first-checkin S`.
   */
  sandboxArgs: readonly string[];
  /** The sandbox keeps its state in a file, so that `sandbox.restart()` brings it back. */
  restartableSandbox: boolean;
}

interface Fixtures extends Options {
  /** The test's own temporary folder; browser mode's data folder is `app/` in it. */
  dataDir: string;
  /** Browser mode on dataDir/app; `web.info.url` opens the app (once: its token is single-use). */
  web: Running<{ url: string }>;
  /**
   * Automatic: stops every process the test started (by these fixtures or `startWeb`), and
   * after a failed test prints their last log lines first.
   */
  processes: void;
  sandbox: Sandbox;
  /**
   * Signs a page in to `web` with `sandbox.user`'s key and its first organization, and waits
   * for Locations: for a test that arranges the server or the page first.
   */
  signIn: (page: Page) => Promise<SandboxUser>;
  /** The test's page, signed in as `signIn` does. */
  signedInPage: Page;
  /**
   * The test's page signed in and on a store's screen once the first sync is over (so an
   * action taken next is sent at once), with a device that is not installed anywhere.
   */
  atStore: { serial: string; store: ApiLocation };
  /** The test's page in training mode, on Locations. */
  trainingPage: Page;
  /** The test's page in training mode on Inventory; the first uninstalled device's serial. */
  spareSerial: string;
  /** Where the fake camera's .y4m goes: Chromium opens it when a page starts capture. */
  cameraVideo: string;
  /** A Chromium of its own whose fake camera plays `cameraVideo`, its permission granted. */
  cameraBrowser: Browser;
}

const LOG_LINES_SHOWN = 40;

export const test = base.extend<Fixtures>({
  processes: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      started.length = 0;
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        for (const { what, process } of started) {
          const lines = process.output().trimEnd().split('\n').slice(-LOG_LINES_SHOWN);
          console.log(`--- ${what}: its last ${lines.length} log lines ---\n${lines.join('\n')}`);
        }
      // Stopping again is harmless: a fixture may have stopped its own process already.
      await Promise.all(started.splice(0).map(({ process }) => process.stop()));
    },
    { auto: true },
  ],
  // After a failed test, what the page itself said: its console errors and uncaught exceptions
  // with their stacks (a screen that stopped following clicks leaves no other trace).
  page: async ({ page }, use, testInfo) => {
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') said.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => said.push(`uncaught: ${error.stack ?? String(error)}`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && said.length > 0)
      console.log(`--- the page: ${said.length} errors ---\n${said.join('\n')}`);
  },
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

  sandboxArgs: [[], { option: true }],
  restartableSandbox: [false, { option: true }],
  sandbox: async ({ sandboxArgs, restartableSandbox, dataDir }, use) => {
    // Saving is off unless asked for: it writes the whole state (fsync'd) after every change.
    const dataFile = restartableSandbox ? join(dataDir, 'sandbox.json') : undefined;
    let running = await startSandboxCli({ port: 0, dataFile, args: sandboxArgs });
    const { info } = running;
    const port = Number(new URL(info.base_url).port);
    await use({
      info,
      user: twoOrgUser(info),
      stop: () => running.stop(),
      restart: async (args = sandboxArgs) => {
        if (!dataFile)
          throw new Error('sandbox.restart() needs test.use({ restartableSandbox: true })');
        await running.stop();
        running = await startSandboxCli({ port, dataFile, args });
      },
    });
    await running.stop();
  },
  signIn: async ({ web, sandbox }, use) => {
    await use((page) => signInWithKey(page, web.info.url, sandbox.info));
  },
  signedInPage: async ({ page, signIn }, use) => {
    await signIn(page);
    await use(page);
  },
  atStore: async ({ signedInPage, sandbox }, use) => {
    await use(await atStoreAfterFirstSync(signedInPage, sandbox));
  },
  trainingPage: async ({ page, web }, use) => {
    await startTraining(page, web.info.url);
    await use(page);
  },
  spareSerial: async ({ page, web }, use) => {
    await use(await trainingSpareSerial(page, web.info.url));
  },
  cameraVideo: async ({ dataDir }, use) => {
    await use(join(dataDir, 'camera.y4m'));
  },
  cameraBrowser: async ({ cameraVideo }, use) => {
    const browser = await launchWithCamera(cameraVideo);
    await use(browser);
    await browser.close();
  },
});

export { expect };
