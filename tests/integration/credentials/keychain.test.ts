/**
 * The keychain module against a real Secret Service (gnome-keyring started by
 * tests/with-keychain.sh), and the no-keychain path in a child process whose D-Bus session
 * address points at nothing: it must fail clearly and leave nothing on disk.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import type { AppErrorShape } from '../../../electron/shared';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

const hasCommand = (name: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const insideSession = Boolean(process.env['DBUS_SESSION_BUS_ADDRESS']);
const canStartSecretService = insideSession || hasCommand('dbus-run-session');
if (!canStartSecretService) {
  console.warn(
    'keychain tests skipped: no D-Bus session and no dbus-run-session on this machine, so no Secret Service can be started',
  );
}

describe.skipIf(!canStartSecretService)('keychain credentials (real Secret Service)', () => {
  it('stores, reads, overwrites and deletes a key', async () => {
    if (!insideSession) {
      throw new Error(
        'No D-Bus session: run this as `tests/with-keychain.sh npx vitest run tests/integration/credentials`',
      );
    }
    const store = createKeychainCredentials(
      `field-installer-test-${randomBytes(4).toString('hex')}`,
    );
    const key = `sbx_${randomBytes(16).toString('hex')}`;
    expect(await store.get('technician')).toBeNull();
    await store.set('technician', key);
    expect(await store.get('technician')).toBe(key);
    expect(await store.get('someone-else')).toBeNull();
    await store.set('technician', `${key}-new`);
    expect(await store.get('technician')).toBe(`${key}-new`);
    expect(await store.delete('technician')).toBe(true);
    expect(await store.get('technician')).toBeNull();
    expect(await store.delete('technician')).toBe(false);
  });

  it('rejects an empty key instead of storing it', async () => {
    const store = createKeychainCredentials('field-installer-test-empty');
    await expect(store.set('technician', '')).rejects.toMatchObject({ kind: 'invalid' });
  });
});

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });

describe.skipIf(process.platform !== 'linux')(
  'keychain credentials without a Secret Service',
  () => {
    it('fails with keychain_unavailable, says what to install, and writes nothing to disk', () => {
      const home = mkdtempSync(path.join(tmpdir(), 'fi-nokeychain-'));
      const secret = `sbx_${randomBytes(16).toString('hex')}`;
      try {
        const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...env } = process.env;
        const child = spawnSync(
          path.join(root, 'node_modules/.bin/tsx'),
          [path.join(here, 'no-keychain-child.ts')],
          {
            cwd: home,
            encoding: 'utf8',
            timeout: 20_000,
            env: {
              ...env,
              DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
              HOME: home,
              XDG_DATA_HOME: path.join(home, 'data'),
              XDG_CONFIG_HOME: path.join(home, 'config'),
              XDG_CACHE_HOME: path.join(home, 'cache'),
              XDG_RUNTIME_DIR: path.join(home, 'run'),
              FI_TEST_SECRET: secret,
            },
          },
        );
        expect(child.status, child.stderr).toBe(0);
        const results = child.stdout
          .trim()
          .split('\n')
          .map(
            (line) =>
              JSON.parse(line) as {
                op: string;
                ok: boolean;
                kind?: string;
                code?: string;
                params?: Record<string, string>;
                cause?: string;
              },
          );
        expect(results.map((r) => [r.op, r.ok, r.kind])).toEqual([
          ['set', false, 'keychain_unavailable'],
          ['get', false, 'keychain_unavailable'],
          ['delete', false, 'keychain_unavailable'],
        ]);
        for (const r of results) {
          expect(r).toMatchObject({ code: 'keychain_unavailable', params: { platform: 'linux' } });
          const { message, nextStep } = errorWords(r as AppErrorShape);
          expect(message).toMatch(/Secret Service/);
          expect(nextStep).toMatch(/GNOME Keyring/);
          expect(nextStep).toMatch(/KWallet/);
          expect(nextStep).toMatch(/libsecret/);
          expect(nextStep).toMatch(/never stored in plain text/);
          expect(r.cause).toMatch(/connect/i);
        }
        expect(child.stdout + child.stderr).not.toContain(secret);
        // No plaintext fallback: nothing at all appeared under the child's home/XDG dirs or cwd.
        expect(filesUnder(home)).toEqual([]);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });
  },
);
