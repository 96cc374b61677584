/**
 * The core's JSON entry point never throws, even for an answer that cannot be written as JSON
 * (a handler's value holding a BigInt, as a deep or odd server answer could once make it): the
 * caller gets an "internal" envelope, and the failure is logged.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../electron/core/core';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { createFileLogger } from '../../../electron/common/redacting-logger';
import type * as HandlersModule from '../../../electron/core/service/handlers';

vi.mock('../../../electron/core/service/handlers', async (importOriginal) => {
  const real = await importOriginal<typeof HandlersModule>();
  return {
    ...real,
    createHandlers: (...args: Parameters<typeof real.createHandlers>) => ({
      ...real.createHandlers(...args),
      // JSON.stringify throws on a BigInt.
      reportRendererError: () => ({ logged: 1n }),
    }),
  };
});

describe('invokeJson', () => {
  let dir: string;
  let core: Core;
  let log: ReturnType<typeof createFileLogger>;
  afterEach(async () => {
    await core.close();
    log.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers an unserialisable result with an internal-error envelope instead of throwing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fi-invoke-json-'));
    log = createFileLogger(join(dir, 'logs'));
    core = await createCore({
      dataDir: join(dir, 'data'),
      fetch: () => Promise.reject(new Error('no network')),
      credentials: createKeychainCredentials('field-installer-test-invoke-json'),
      log,
    });
    const text = await core.invokeJson('reportRendererError', { kind: 'error', message: 'x' });
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'internal' } });
    // The core keeps answering.
    expect(JSON.parse(await core.invokeJson('sessionStatus', {})).ok).toBe(true);
    const logged = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    expect(logged).toMatch(/answer could not be sent/);
  });
});
