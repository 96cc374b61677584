import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script (runs under Node 20 without tsx); typed by JSDoc
import { keychainPlan, LINUX_SESSION_TOOLS, onPath, SERVICE_ENV } from '../../keychain-plan.mjs';

const ROOT = join(import.meta.dirname, '../../..');

const hasAll = () => true;

describe('the test commands’ keychain on each OS', () => {
  it('uses the private D-Bus keyring session on Linux, also in a desktop terminal', () => {
    expect(keychainPlan({ platform: 'linux', env: {}, has: hasAll })).toEqual({
      kind: 'linux-session',
    });
    // Every desktop terminal has this set: it is the developer's own keyring, not a reason to
    // skip the private session.
    const desktop = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' };
    expect(keychainPlan({ platform: 'linux', env: desktop, has: hasAll })).toEqual({
      kind: 'linux-session',
    });
  });

  it.each(['dbus-run-session', 'gnome-keyring-daemon'])(
    'uses a throwaway service name on Linux without %s',
    (missing) => {
      const plan = keychainPlan({
        platform: 'linux',
        env: {},
        random: () => 'r1',
        has: (tool: string) => tool !== missing,
      });
      expect(plan).toEqual({
        kind: 'service',
        service: 'field-installer-test-r1',
        env: { [SERVICE_ENV]: 'field-installer-test-r1' },
      });
    },
  );

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

  it.runIf(
    process.platform === 'linux' &&
      LINUX_SESSION_TOOLS.every((t: string) => onPath(t, process.env)),
  )(
    'runs the command in a D-Bus session of its own even when the desktop’s is set (real wrapper)',
    () => {
      const desktopBus = 'unix:path=/run/user/1000/desktop-bus-of-the-developer';
      const result = spawnSync(
        process.execPath,
        [
          join(ROOT, 'tests/with-keychain.mjs'),
          process.execPath,
          '-e',
          'console.log(process.env.DBUS_SESSION_BUS_ADDRESS)',
        ],
        { encoding: 'utf8', env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktopBus } },
      );
      expect(result.status).toBe(0);
      const seen = result.stdout.trim();
      expect(seen).not.toBe(desktopBus);
      expect(seen).toMatch(/^unix:/);
    },
  );

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
