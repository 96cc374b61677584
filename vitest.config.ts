import { ALIASES } from './build/aliases.ts';
import { defineConfig } from 'vitest/config';
import { i18nCompileOnce } from './i18n/vite-plugins.ts';

// Node-side tests: unit (pure logic) and integration (real sandbox over HTTP, real keychain,
// child processes). Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  // Compiles the message catalog (i18n/paraglide) before any test imports it.
  plugins: [i18nCompileOnce()],
  resolve: { alias: ALIASES },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/renderer-messages.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: integration tests start servers and child processes; keep it calm.
    maxWorkers: 2,
  },
});
