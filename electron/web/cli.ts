/**
 * `npm run web -- [--port N] [--data-dir DIR]`: the whole app in any Chromium, for machines
 * where Electron cannot run. First stdout line: {"url": "..."} — the address to open, with
 * the per-run token the bridge trades once for the browser's session cookie and the page's
 * secret (reload, Back and another tab then work; the same URL opens nothing a second time). Then human-readable logs.
 * `--training` signs into the built-in training sandbox at once. `--policy-file FILE` reads
 * managed settings from FILE instead of this OS's policy location (tests, trying a policy).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../core/app-error';
import { createCore } from '../core/create-core';
import { createKeychainCredentials, keychainServiceFromEnv } from '../core/credentials/keychain';
import { readManagedSettings } from '../common/managed/read-policy';
import { createFileLogger } from '../common/redacting-logger';
import { restrictNewFiles } from '../common/private-dir';
import { FALLBACK_LOCALE } from '../../i18n/locales';
import { errorWords } from '../../renderer/src/lib/words/error-text';
import { addMessages } from '../../renderer/src/lib/words/i18n';
import { startTrainingLazily } from '../sandbox/training-lazy';
import { startBridge } from './bridge-server';
import { createWebFetch } from './web-fetch';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    renderer: { type: 'string', default: 'dist/renderer' },
    training: { type: 'boolean', default: false },
    'policy-file': { type: 'string' },
  },
});

// Before anything writes a file: what this process creates is this user's only.
restrictNewFiles();
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}
const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.field-installer-web'));
const log = createFileLogger(join(dataDir, 'logs'), (line) => console.error(line));

const policyFile = values['policy-file'];
const policy = await readManagedSettings(
  policyFile === undefined
    ? { platform: process.platform, bundleId: 'com.fieldinstaller.app' }
    : { platform: 'linux', bundleId: 'com.fieldinstaller.app', linuxFile: resolve(policyFile) },
);
for (const problem of policy.problems) log.warn('Managed setting ignored', { problem });

const core = await createCore({
  dataDir,
  managed: policy.settings,
  // HTTPS_PROXY / NO_PROXY and the OS certificate store, as the desktop app gets from Chromium.
  fetch: createWebFetch({ log }),
  credentials: createKeychainCredentials(keychainServiceFromEnv(process.env)),
  log,
  startTrainingSandbox: startTrainingLazily,
}).catch(async (error: unknown) => {
  // The data folder cannot be used (another window holds it, or the disk refuses): say so in
  // the catalog's English, with the code and its parameters, and stop, instead of an
  // unhandled rejection's stack trace.
  let reason = String(error);
  if (error instanceof AppError) {
    addMessages(FALLBACK_LOCALE.messages, await import('../../i18n/paraglide/messages/en.js'));
    const { message, nextStep } = errorWords(error.toShape());
    reason = `${message} ${nextStep} (${error.message})`;
  }
  console.error(`Field Installer could not start: ${reason}`);
  log.close();
  process.exit(1);
});
if (values.training) {
  const started = await core.invoke('startTraining', {});
  if (!started.ok) console.error(`Training mode did not start: ${started.error.code}`);
}
const bridge = await startBridge({ core, port, rendererDir: resolve(values.renderer) });
process.stdout.write(`${JSON.stringify({ url: bridge.url })}\n`);
console.error(`Field Installer (browser mode) on ${bridge.origin}, data in ${dataDir}`);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await bridge.close();
  await core.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
