import { defineConfig } from 'vitest/config';

// Node-side tests: unit (pure logic) and integration (real sandbox over HTTP, real keychain,
// child processes). Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: integration tests start servers and child processes; keep it calm.
    maxWorkers: 2,
  },
});
