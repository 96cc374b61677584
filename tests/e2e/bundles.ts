/** Where tests/e2e/global-setup.ts puts the bundled CLIs the fixtures start. */
import { join } from 'node:path';
import { bundleDir } from '../helpers/cli-bundle';

export const E2E_BUNDLE_DIR = bundleDir('field-installer-e2e');
export const E2E_SANDBOX_FILE = 'sandbox-cli.mjs';
export const E2E_CORE_FILE = 'core-cli.mjs';
export const e2eBundle = (file: string): string => join(E2E_BUNDLE_DIR, file);
