#!/usr/bin/env node
/**
 * Cross-platform front of the test commands (`npm run test:unit`, `test:e2e`):
 * `node tests/with-keychain.mjs <command> [args…]`. See tests/keychain-plan.mjs for what each
 * OS gets. npm puts node_modules/.bin on PATH, so `vitest` and `playwright` resolve; on
 * Windows those are .cmd shims, which only a shell can start.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keychainPlan } from './keychain-plan.mjs';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('usage: node tests/with-keychain.mjs <command> [args…]');
  process.exit(2);
}

const plan = keychainPlan({ platform: process.platform, env: process.env });

const run = (file, argv, env) =>
  new Promise((resolve) => {
    const child = spawn(file, argv, {
      stdio: 'inherit',
      env,
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`with-keychain: could not start ${file}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** Removes what the run left under its throwaway service name (best effort). */
const emptyService = async (service) => {
  try {
    const mod = await import('keytar');
    const keytar = mod.default ?? mod;
    for (const { account } of await keytar.findCredentials(service)) {
      await keytar.deletePassword(service, account);
    }
  } catch (error) {
    console.warn(`with-keychain: could not empty "${service}": ${String(error)}`);
  }
};

let status;
if (plan.kind === 'linux-session') {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'with-keychain.sh');
  status = await run(script, [command, ...args], process.env);
} else {
  status = await run(command, args, { ...process.env, ...plan.env });
  await emptyService(plan.service);
}
process.exit(status);
