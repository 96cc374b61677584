#!/usr/bin/env node
/**
 * `npm run test:e2e [-- spec paths, Playwright flags]`: the browser tests in two passes with the
 * same arguments. First every test not tagged @alone, on Playwright's workers (the config: the
 * tests wait on real time far more than they compute, so they share the 2 cores well). Then
 * the few tagged @alone, on one worker with nothing else running: they measure the page's own
 * pace (a click answered within 100 ms while 50,000 devices' worth of work goes on), which
 * another test's Chromium on the same cores would distort. Playwright's project dependencies
 * would order the passes too, but they run the whole first project even for one named file.
 * Run inside tests/with-keychain.mjs (one keychain session for both passes).
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const pass = (extra) =>
  spawnSync('playwright', ['test', ...extra, ...args], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  }).status ?? 1;

const shared = pass(['--grep-invert', '@alone', '--pass-with-no-tests']);
const alone = pass(['--grep', '@alone', '--workers', '1', '--pass-with-no-tests']);
process.exit(shared || alone);
