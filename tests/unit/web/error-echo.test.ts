/**
 * A large error answer is clipped before the bridge sends it (error-echo.ts), but what the
 * renderer words it from stays: the code, its parameters and the first fields' problems in
 * kinds. Without them a 422 with many fields from the server reached the page in English only.
 */
import { describe, expect, it } from 'vitest';
import { clipErrorAnswer, MAX_ERROR_ANSWER_BYTES } from '../../../electron/web/error-echo';

const bigError = () => {
  const fields: Record<string, string> = {};
  const fieldIssues: Record<string, { code: string; rule?: string; params?: object }> = {};
  for (let i = 0; i < 50; i++) {
    fields[`field_${i}`] = `The server says this is wrong: ${'x'.repeat(300)}`;
    fieldIssues[`field_${i}`] = { code: 'too_small', params: { minimum: i, origin: 'string' } };
  }
  return {
    ok: false,
    error: {
      kind: 'validation',
      code: 'invalid',
      params: { field: 'name', problem: 'y'.repeat(1_000) },
      message: 'Some fields need fixing.',
      nextStep: 'Correct the marked fields and try again.',
      status: 422,
      fields,
      fieldIssues,
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
        fields?: Record<string, string>;
        fieldIssues?: Record<string, { code: string; params?: Record<string, unknown> }>;
      };
    };
    expect(error.code).toBe('invalid');
    expect(error.params?.['field']).toBe('name');
    expect(String(error.params?.['problem']).length).toBeLessThan(300);
    expect(Object.keys(error.fieldIssues ?? {})).toEqual(Object.keys(error.fields ?? {}));
    expect(error.fieldIssues?.['field_1']).toEqual({
      code: 'too_small',
      params: { minimum: 1, origin: 'string' },
    });
  });

  it('leaves a small answer as the core wrote it', () => {
    const small = JSON.stringify({
      ok: false,
      error: { kind: 'offline', message: 'm', nextStep: 'n' },
    });
    expect(clipErrorAnswer(small)).toBe(small);
  });
});
