/**
 * Import aliases for Vite and Vitest. The renderer names the shared contract `$shared`
 * (`import type { Device } from '$shared'`), the same from every folder depth; TypeScript
 * reads the same alias from `paths` in tsconfig.base.json (JSON cannot import this): a
 * mismatch fails the typecheck or the build.
 */
import { fileURLToPath } from 'node:url';

export const ALIASES: Record<string, string> = {
  $shared: fileURLToPath(new URL('../electron/shared', import.meta.url)),
};
