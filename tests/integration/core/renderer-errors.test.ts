/** reportRendererError in the real core: logged to the real log file, redacted, rate-limited. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { createFileLogger } from '../../../electron/common/redacting-logger';

describe('renderer errors reach the log', () => {
  let dir: string;
  let core: Core;
  let log: ReturnType<typeof createFileLogger>;
  afterEach(async () => {
    await core.close();
    log.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs a report redacted, and drops reports past 20 a minute', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fi-rerr-'));
    log = createFileLogger(join(dir, 'logs'));
    core = await createCore({
      dataDir: join(dir, 'data'),
      fetch: () => Promise.reject(new Error('no network')),
      credentials: createKeychainCredentials('field-installer-test-rerr'),
      log,
    });
    const first = await core.invoke('reportRendererError', {
      kind: 'unhandledrejection',
      message: 'Error: request failed Authorization: Bearer abcdefghijklmnop',
      stack: 'at call (app://installer/assets/index.js:1:2)',
    });
    expect(first).toEqual({ ok: true, value: { logged: true } });
    const text = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    const line = text.split('\n').find((l) => l.includes('Renderer error'));
    expect(line).toBeDefined();
    expect(line).toContain('unhandledrejection');
    expect(line).not.toContain('abcdefghijklmnop');

    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push(await core.invoke('reportRendererError', { kind: 'error', message: `e${i}` }));
    const logged = answers.filter((a) => a.ok && a.value.logged).length;
    expect(logged).toBe(19);
    const bad = await core.invoke('reportRendererError', { kind: 'other', message: 'x' });
    expect(bad.ok).toBe(false);
  });
});
