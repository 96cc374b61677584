/**
 * Each error code has its own parameters (contract/error-params.ts): building an error with a
 * misspelt, missing or foreign parameter, or reading one its code does not have, fails to
 * compile. The `@ts-expect-error` lines are the proof: `tsc -b` (npm run typecheck) fails on a
 * directive whose line compiles. The runtime checks say the sentence uses what was given.
 */
import { describe, expect, it } from 'vitest';
import type { AppErrorShape, ErrorParams } from '../../../electron/shared';
import { AppError } from '../../../electron/core/app-error';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

type E = AppErrorShape;

describe('error parameters are typed by code', () => {
  it('builds an error only with its code’s own parameters', () => {
    const timeout: AppErrorShape = {
      kind: 'timeout',
      code: 'timeout',
      params: { host: 'api.example', seconds: 15 },
    };
    const k = 'invalid' as const;
    // @ts-expect-error -- a misspelt parameter ("hots") is not the code's
    const misspelt: E = { kind: k, code: 'offline', params: { hots: 'x' } };
    // @ts-expect-error -- a parameter the code always needs left out
    const missing: E = { kind: k, code: 'offline' };
    // @ts-expect-error -- seconds are a number, not words
    const wrongType: E = { kind: k, code: 'rate_limited', params: { seconds: '5' } };
    // @ts-expect-error -- a code without parameters takes none
    const foreign: E = { kind: k, code: 'internal', params: { host: 'x' } };
    // @ts-expect-error -- the same through the core's error type
    const thrown = new AppError({ kind: k, code: 'device_not_found', params: { id: 'X' } });
    expect([misspelt, missing, wrongType, foreign, thrown.code]).toHaveLength(5);
    expect(errorWords(timeout).message).toContain('api.example');
    expect(errorWords(timeout).message).toContain('15');
  });

  it('reads only the parameters its code has', () => {
    const read = (p: ErrorParams<'photo_limit'>) => [
      p.serial,
      p.max,
      // @ts-expect-error -- photo_limit has no `count`
      p.count,
    ];
    expect(read({ serial: 'FTC-1', max: 12 })).toEqual(['FTC-1', 12, undefined]);
    const shape: AppErrorShape = {
      kind: 'validation',
      code: 'photo_limit',
      params: { serial: 'FTC-1', max: 12 },
    };
    expect(errorWords(shape).message).toContain('FTC-1');
    expect(errorWords(shape).message).toContain('12');
  });
});
