/**
 * Import aliases for Vite and Vitest. The renderer names the shared contract `$shared`
 * (`import type { Device } from '$shared'`), the same from every folder depth; TypeScript
 * and tsx (browser mode run from source) read the same alias from `paths` in
 * tsconfig.base.json, which tsconfig.json extends for tsx (JSON cannot import this): a
 * mismatch fails the typecheck, the build or the browser-mode tests.
 */
import { fileURLToPath } from 'node:url';

export const ALIASES: Record<string, string> = {
  $shared: fileURLToPath(new URL('../electron/shared', import.meta.url)),
};
