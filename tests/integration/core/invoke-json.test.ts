/**
 * The core's JSON entry point never throws, even for an answer that cannot be written as JSON
 * (a handler's value holding a BigInt, as a deep or odd server answer could once make it): the
 * caller gets an "internal" envelope, and the failure is logged.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOfflineCore, type OfflineCore } from '../../helpers/offline-core';
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
  let running: OfflineCore | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('answers an unserialisable result with an internal-error envelope instead of throwing', async () => {
    running = await startOfflineCore('invoke-json');
    const { core, dir } = running;
    const text = await core.invokeJson('reportRendererError', { kind: 'error', message: 'x' });
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'internal' } });
    // The core keeps answering.
    expect(JSON.parse(await core.invokeJson('sessionStatus', {})).ok).toBe(true);
    const logged = await readFile(join(dir, 'logs', 'main.log'), 'utf8');
    expect(logged).toMatch(/answer could not be sent/);
  });
});
