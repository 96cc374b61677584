/**
 * A data folder on a read-only disk: the app cannot save anything there, so it does not start,
 * and it says why in words — the core refuses with the 'storage' kind, and browser mode prints
 * that sentence and exits non-zero instead of a stack trace. The folder is on a tmpfs mounted
 * read-only (root only: skipped otherwise, with the reason).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTmpfs, unmountTmpfs } from '../../helpers/tmpfs';
import { AppError } from '../../../electron/core/app-error';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WORDS = /cannot write to its data folder/i;

let root: string;
let mountPoint: string;
let mounted = false;
let whyNot: string | null = null;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-readonly-'));
  mountPoint = join(root, 'disk');
  whyNot = mountTmpfs(mountPoint, '1m');
  mounted = whyNot === null;
  if (!mounted) return;
  try {
    // A data folder an earlier run made (0700, as the app leaves it), then the disk goes read-only.
    mkdirSync(join(mountPoint, 'data', 'logs'), { recursive: true, mode: 0o700 });
    execFileSync('mount', ['-o', 'remount,ro', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    whyNot = `cannot make the tmpfs read-only here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
});

afterAll(async () => {
  if (mounted) unmountTmpfs(mountPoint);
  await rm(root, { recursive: true, force: true });
});

describe('a data folder on a read-only disk', () => {
  it('the core refuses to start with a storage error in words', async (ctx) => {
    if (whyNot !== null) ctx.skip(whyNot);
    for (const dataDir of [join(mountPoint, 'data'), join(mountPoint, 'never-made')]) {
      const started = createCore({
        dataDir,
        fetch: globalThis.fetch,
        credentials: createKeychainCredentials(`field-installer-test-${randomUUID()}`),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      const error = await started.then(
        async (core) => {
          await core.close();
          return null;
        },
        (thrown: unknown) => thrown,
      );
      expect(error, dataDir).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe('storage');
      expect(errorWords(error as AppError).message).toMatch(WORDS);
    }
  });

  it('browser mode prints those words and exits non-zero, not a stack trace', async (ctx) => {
    if (whyNot !== null) ctx.skip(whyNot);
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['electron/web/cli.ts', '--port', '0', '--data-dir', join(mountPoint, 'data')],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 20_000);
      child.once('close', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, `browser mode kept running or exited 0; stderr: ${stderr}`).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toMatch(WORDS);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).not.toContain('"url"');
  });
});

describe('an app.db that cannot be written in a writable folder', () => {
  it('the core refuses to start with the read-only words, not "the disk may be failing"', async (ctx) => {
    const dataDir = join(root, 'immutable-app-db');
    const options = {
      dataDir,
      fetch: globalThis.fetch,
      credentials: createKeychainCredentials(`field-installer-test-${randomUUID()}`),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    };
    await (await createCore(options)).close();
    const appDb = join(dataDir, 'app.db');
    expect(existsSync(appDb)).toBe(true);
    // chattr +i: no one may write it, root included (Linux; skipped where refused).
    try {
      execFileSync('chattr', ['+i', appDb], { stdio: 'pipe' });
    } catch (error) {
      ctx.skip(`cannot make a file immutable here: ${String(error)}`);
    }
    try {
      const error = await createCore(options).then(
        async (core) => {
          await core.close();
          return null;
        },
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).kind).toBe('storage');
      expect(errorWords(error as AppError).message).toMatch(WORDS);
    } finally {
      execFileSync('chattr', ['-i', appDb], { stdio: 'pipe' });
    }
  });
});
