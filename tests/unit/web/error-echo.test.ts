/**
 * A large error answer is clipped before the bridge sends it (error-echo.ts), but what the
 * renderer words it from stays: the code, its parameters and the first fields' problems in
 * kinds. Without them a 422 with many fields from the server reached the page in English only.
 */
import { describe, expect, it } from 'vitest';
import { clipErrorAnswer, MAX_ERROR_ANSWER_BYTES } from '../../../electron/web/error-echo';

const bigError = () => {
  const fields: Record<string, { code: string; rule?: string; params?: object }> = {};
  for (let i = 0; i < 50; i++)
    fields[`field_${i}`] =
      i % 2 === 0
        ? { code: 'server', params: { words: `The server says this is wrong: ${'x'.repeat(300)}` } }
        : { code: 'too_small', params: { minimum: i, origin: 'string' } };
  return {
    ok: false,
    error: {
      kind: 'validation',
      code: 'invalid',
      params: { field: 'name', problem: 'y'.repeat(1_000) },
      status: 422,
      fields,
    },
  };
};

describe('clipping a large error answer', () => {
  it('keeps the code, its parameters and the first fields in kinds, within the size cap', () => {
    const text = JSON.stringify(bigError());
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_ERROR_ANSWER_BYTES);
    const clipped = clipErrorAnswer(text);
    expect(Buffer.byteLength(clipped)).toBeLessThanOrEqual(MAX_ERROR_ANSWER_BYTES);
    const { error } = JSON.parse(clipped) as {
      error: {
        code?: string;
        params?: Record<string, string | number>;
        fields?: Record<string, { code: string; params?: Record<string, unknown> }>;
      };
    };
    expect(error.code).toBe('invalid');
    expect(error.params?.['field']).toBe('name');
    expect(String(error.params?.['problem']).length).toBeLessThan(300);
    expect(Object.keys(error.fields ?? {}).slice(0, 2)).toEqual(['field_0', 'field_1']);
    expect(String(error.fields?.['field_0']?.params?.['words']).length).toBeLessThan(300);
    expect(error.fields?.['field_1']).toEqual({
      code: 'too_small',
      params: { minimum: 1, origin: 'string' },
    });
  });

  it('leaves a small answer as the core wrote it', () => {
    const small = JSON.stringify({
      ok: false,
      error: { kind: 'offline', code: 'offline', params: { host: 'api.example.com' } },
    });
    expect(clipErrorAnswer(small)).toBe(small);
  });
});
