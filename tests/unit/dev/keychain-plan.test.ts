import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script (runs under Node 20 without tsx); typed by JSDoc
import { keychainPlan, SERVICE_ENV } from '../../keychain-plan.mjs';

const ROOT = join(import.meta.dirname, '../../..');

describe('the test commands’ keychain on each OS', () => {
  it('uses the private D-Bus keyring session on Linux', () => {
    expect(keychainPlan({ platform: 'linux', env: {} })).toEqual({ kind: 'linux-session' });
  });

  it.each(['darwin', 'win32'] as const)(
    'uses a fresh throwaway service name on %s, never the app’s own',
    (platform) => {
      let n = 0;
      const random = () => `r${(n += 1)}`;
      const first = keychainPlan({ platform, env: {}, random });
      const second = keychainPlan({ platform, env: {}, random });
      expect(first).toEqual({
        kind: 'service',
        service: 'field-installer-test-r1',
        env: { [SERVICE_ENV]: 'field-installer-test-r1' },
      });
      expect(second.service).toBe('field-installer-test-r2');
      expect(first.service).not.toBe('field-installer');
    },
  );

  it('keeps a service name a parent run already chose', () => {
    const plan = keychainPlan({
      platform: 'darwin',
      env: { [SERVICE_ENV]: 'field-installer-test-x' },
    });
    expect(plan.service).toBe('field-installer-test-x');
  });

  it('passes the command’s exit status through (real child process)', () => {
    const wrapper = join(ROOT, 'tests/with-keychain.mjs');
    const result = spawnSync(
      process.execPath,
      [wrapper, process.execPath, '-e', 'process.exit(7)'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(7);
    const usage = spawnSync(process.execPath, [wrapper], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage/);
  });
});

describe('the throwaway keychain service name the app honours', () => {
  it('takes only field-installer-test-… names from the environment', async () => {
    const { keychainServiceFromEnv, KEYCHAIN_SERVICE } =
      await import('../../../electron/core/credentials/keychain');
    expect(keychainServiceFromEnv({})).toBe(KEYCHAIN_SERVICE);
    expect(keychainServiceFromEnv({ [SERVICE_ENV]: 'field-installer-test-1a2b' })).toBe(
      'field-installer-test-1a2b',
    );
    for (const other of ['Chrome Safe Storage', 'field-installer', 'field-installer-test-', 'x'])
      expect(keychainServiceFromEnv({ [SERVICE_ENV]: other })).toBe(KEYCHAIN_SERVICE);
    // What the wrapper generates is accepted.
    const plan = keychainPlan({ platform: 'win32', env: {} });
    expect(keychainServiceFromEnv(plan.env)).toBe(plan.service);
  });
});
