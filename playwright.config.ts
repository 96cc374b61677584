import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './tests/helpers/system-chromium';

// Browser tests drive Debian's Chromium where it exists (tests/helpers/system-chromium.ts;
// elsewhere Playwright's own) against browser mode
// (`npm run web`) and the sandbox. Each test gets its own sandbox and browser mode with a fresh
// data dir from the fixtures in tests/e2e/fixtures.ts, so tests are independent and can run in
// any order.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Bundles the sandbox and browser mode's core once per run (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  // Whole walkthroughs (sign in → install → verify → move → uninstall) on a 2-core machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  // Every test waits on real time (check-ins, sync schedules, quiet windows) far more than it
  // computes, so two run at once on CI's 2 cores: 28 min one at a time. Four on this shared
  // machine were no faster and starved timing-bound tests (a 2 s audit bucket, a lookup's
  // latency) into failing. E2E_WORKERS overrides it. The few that measure the page's own pace
  // are tagged @alone and run after the rest on one worker (tests/e2e/run.mjs).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // Not on CI, where the clone and its test-results/ are thrown away unseen (its log is all
    // there is): recording every test's trace cost 7-18 % of a run's CPU on a 4-spec sample.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
});
