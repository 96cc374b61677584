/**
 * One Field Installer per data folder: app.db is held in exclusive locking mode, so a second
 * core on the same folder — in the same process, in another process, or a second browser-mode
 * bridge — is refused with a 'storage' error that says so, and succeeds once the first is gone.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../../electron/shared';
import { AppError } from '../../../electron/core/app-error';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { startBrowserMode } from '../../helpers/cli-process';
import { runCoreChild } from '../../helpers/store-world';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const keychainService = `field-installer-test-${randomUUID()}`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let root: string;

const open = (dataDir: string) =>
  createCore({
    dataDir,
    fetch: globalThis.fetch,
    credentials: createKeychainCredentials(keychainService),
    log: quiet,
  });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-single-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const IN_USE = /Field Installer is already running with the data folder/;

describe('one app per data folder', () => {
  it('refuses a second core in the same process, then lets it start after the first closes', async () => {
    const dataDir = join(root, 'same-process');
    const first = await open(dataDir);
    let refusal: unknown = null;
    try {
      const second = await open(dataDir);
      await second.close();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).kind).toBe('storage');
    expect(errorWords(refusal as AppError).message).toMatch(IN_USE);
    expect(errorWords(refusal as AppError).message).toContain(dataDir);
    // The refused attempt left the first one working.
    expect((await first.invoke('sessionStatus', {})).ok).toBe(true);
    await first.close();

    const again = await open(dataDir);
    expect((await again.invoke('sessionStatus', {})).ok).toBe(true);
    await again.close();
  });

  it('refuses a core in another process while this one holds the folder', async () => {
    const dataDir = join(root, 'other-process');
    const first = await open(dataDir);
    try {
      const child = await runCoreChild({
        dataDir,
        keychainService,
        actions: [],
        exitWhenDone: true,
      });
      const { code } = await child.exited;
      const line = child.lines.find((l) => l.startError);
      expect(line?.startError, child.stderr()).toMatchObject({
        kind: 'storage',
        code: 'data_dir_in_use',
        params: { dataDir },
      });
      expect(errorWords(line!.startError as AppErrorShape).message).toMatch(IN_USE);
      expect(code).toBe(3);
    } finally {
      await first.close();
    }
    const child = await runCoreChild({ dataDir, keychainService, actions: [], exitWhenDone: true });
    const { code } = await child.exited;
    expect(
      child.lines.some((l) => l.ready),
      child.stderr(),
    ).toBe(true);
    expect(code).toBe(0);
  });

  it('a second browser-mode bridge on the same folder exits non-zero with a clear message', async () => {
    const dataDir = join(root, 'browser-mode');
    const first = await startBrowserMode({ dataDir });
    try {
      const second = spawn(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['electron/web/cli.ts', '--port', '0', '--data-dir', dataDir],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      second.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      second.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          second.kill('SIGKILL');
          resolve(null);
        }, 20_000);
        second.once('close', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code, `second bridge kept running or exited 0; stdout: ${stdout}`).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr).toMatch(IN_USE);
      // A message for a person, not a crash dump.
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).not.toContain('"url"');
    } finally {
      await first.stop();
    }
  });
});
