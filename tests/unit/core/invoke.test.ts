/**
 * The core's one door, driven alone (invoke.ts): handlers are plain functions here, SQLite
 * failures come from a real in-memory database, and the log is a recording one.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import type { Logger } from '../../../electron/common/logger';
import { AppError } from '../../../electron/core/app-error';
import { damageError } from '../../../electron/core/db/storage-error';
import { createInvoke } from '../../../electron/core/invoke';
import type { Handlers } from '../../../electron/core/service/handlers';

type Line = { level: string; message: string; data?: Record<string, unknown> };

function door(handlers: Partial<Handlers>, managed = NOT_MANAGED) {
  const lines: Line[] = [];
  const log: Logger = {
    info: (message, data) => void lines.push({ level: 'info', message, ...(data && { data }) }),
    warn: (message, data) => void lines.push({ level: 'warn', message, ...(data && { data }) }),
    error: (message, data) => void lines.push({ level: 'error', message, ...(data && { data }) }),
  };
  let damaged = 0;
  const invoke = createInvoke({
    handlers: handlers as Handlers,
    log,
    managed,
    damaged: () => void damaged++,
  });
  return { ...invoke, lines, damagedCount: () => damaged };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A real SQLite error: SQL the engine refuses. */
function sqliteFailure(): unknown {
  const db = new Database(':memory:');
  try {
    db.prepare('SELECT * FROM no_such_table').all();
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('SQLite accepted a query on a missing table');
}

describe('invoke: input checked, handler run, failures in the contract shape', () => {
  it('refuses an unknown operation and input the contract does not allow, without running a handler', async () => {
    let ran = 0;
    const { invoke } = door({ signIn: () => (ran++, Promise.reject(new Error('ran'))) });
    const unknown = await invoke('noSuchOperation' as 'signIn', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    const bad = await invoke('signIn', { baseUrl: 42 });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(ran).toBe(0);
  });

  it('refuses a base URL the managed policy does not allow before the handler runs', async () => {
    let ran = 0;
    const managed = {
      ...NOT_MANAGED,
      apiBaseUrl: 'https://api.example.com',
      apiBaseUrlLocked: true,
    };
    const { invoke } = door({ signIn: () => (ran++, Promise.reject(new Error('ran'))) }, managed);
    const answer = await invoke('signIn', {
      baseUrl: 'https://other.example.com',
      apiKey: 'k'.repeat(20),
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'managed_base_url' } });
    expect(ran).toBe(0);
  });

  it("maps an AppError to its shape, SQLite to 'storage' (damage checked), anything else to 'internal'", async () => {
    const throwing = (error: unknown) =>
      door({
        sessionStatus: () => {
          throw error;
        },
      });
    const app = throwing(new AppError({ kind: 'not_signed_in', code: 'not_signed_in' }));
    expect(await app.invoke('sessionStatus', {})).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'not_signed_in', code: 'not_signed_in' }),
    });

    const plain = throwing(sqliteFailure());
    expect(await plain.invoke('sessionStatus', {})).toMatchObject({
      ok: false,
      error: { kind: 'storage' },
    });
    expect(plain.damagedCount()).toBe(0);

    const damaged = throwing(damageError('header unreadable'));
    expect(await damaged.invoke('sessionStatus', {})).toMatchObject({
      ok: false,
      error: { kind: 'storage' },
    });
    expect(damaged.damagedCount()).toBe(1);

    const odd = throwing(new TypeError('x is undefined'));
    expect(await odd.invoke('sessionStatus', {})).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(odd.lines).toContainEqual(
      expect.objectContaining({ message: 'operation failed unexpectedly' }),
    );
  });

  it('answers first and writes the operation line on the next turn, with its outcome', async () => {
    const { invoke, lines } = door({ sessionStatus: () => ({ signedIn: false }) as never });
    const answer = await invoke('sessionStatus', {});
    expect(answer).toEqual({ ok: true, value: { signedIn: false } });
    // The answer is back and nothing was written yet: the keystroke did not wait for the log.
    expect(lines).toEqual([]);
    await nextTurn();
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'operation',
        data: expect.objectContaining({ operation: 'sessionStatus', outcome: 'ok' }),
      },
    ]);
  });

  it('answers a value JSON cannot write with an internal envelope instead of throwing', async () => {
    const { invokeJson } = door({ sessionStatus: () => ({ big: 1n }) as never });
    const text = await invokeJson('sessionStatus', {});
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});
