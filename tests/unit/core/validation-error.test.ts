import { describe, expect, it } from 'vitest';
import { operations } from '../../../electron/shared';
import { validationError } from '../../../electron/core/validation-error';

describe('validation errors', () => {
  it('echo a bounded part of a bad request: 10,000 unknown keys answer in well under 4 KB', () => {
    const input = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`k${i}${'x'.repeat(100)}`, i]),
    );
    const parsed = operations.sessionStatus.input.safeParse(input);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const shape = validationError(parsed.error).toShape();
    expect(JSON.stringify(shape).length).toBeLessThan(1_000);
    // Three keys named (clipped), and how many there were.
    const [issue] = Object.values(shape.fields ?? {});
    expect(issue).toMatchObject({ code: 'unrecognized_keys', params: { count: 10_000 } });
    expect(String(issue?.params?.['keys']).split(', ')).toHaveLength(3);
  });

  it('still names each field of a form that needs fixing', () => {
    const parsed = operations.createLocation.input.safeParse({
      name: '',
      address: { line1: '', city: '', country: 'Germany' },
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const fields = validationError(parsed.error).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual([
      'address.city',
      'address.country',
      'address.line1',
      'name',
    ]);
  });
});
