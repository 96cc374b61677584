/**
 * Once per browser-test run: the sandbox and browser mode's core bundled for Node (see
 * tests/helpers/cli-bundle.ts), so that the two processes each test starts are up in about
 * 0.3 s instead of 1.3 s under tsx. Always rebuilt: a bundle from an older checkout would test
 * old code.
 */
import { rm } from 'node:fs/promises';
import { bundleCli } from '../helpers/cli-bundle';
import { E2E_BUNDLE_DIR, E2E_CORE_FILE, E2E_SANDBOX_FILE } from './bundles';

export default async function globalSetup(): Promise<void> {
  await rm(E2E_BUNDLE_DIR, { recursive: true, force: true });
  await bundleCli('electron/sandbox/cli.ts', E2E_BUNDLE_DIR, E2E_SANDBOX_FILE);
  await bundleCli('electron/web/cli.ts', E2E_BUNDLE_DIR, E2E_CORE_FILE);
}
