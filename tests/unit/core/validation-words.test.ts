/**
 * A refused form's fields in words: the core sends each field's issue in kinds, the catalog
 * says them (renderer/src/lib/words/field-issues.ts) — in English here.
 */
import { describe, expect, it } from 'vitest';
import { operations, type OperationName } from '../../../electron/shared';
import { COUNTRY_CODES } from '../../../electron/shared/country-codes';
import { validationError } from '../../../electron/core/validation-error';
import { issueText } from '../../../renderer/src/lib/words/field-issues';

/** What zod says by itself ("Too small: expected number to be >=30", "Invalid input: …"). */
const SCHEMA_TEXT = /expected|>=|<=|too small|too big|invalid input|invalid option|NaN/i;

const fieldsOf = (name: OperationName, input: unknown): Record<string, string> => {
  const parsed = operations[name].input.safeParse(input);
  if (parsed.success) throw new Error(`${name} accepted ${JSON.stringify(input)}`);
  const { fields = {} } = validationError(parsed.error, input);
  return Object.fromEntries(Object.entries(fields).map(([key, issue]) => [key, issueText(issue)]));
};

const long = (n: number) => 'x'.repeat(n);

describe('validation messages are sentences, never schema text', () => {
  it('every rule of the New location form says which field and what is wrong', () => {
    const tooLong = fieldsOf('createLocation', {
      name: long(121),
      address: {
        line1: long(201),
        line2: long(201),
        city: long(101),
        region: long(101),
        postal_code: long(21),
        country: 'Germany',
      },
    });
    expect(tooLong).toEqual({
      name: 'Name can have at most 120 characters',
      'address.line1': 'Street address can have at most 200 characters',
      'address.line2': 'Address line 2 can have at most 200 characters',
      'address.city': 'City can have at most 100 characters',
      'address.region': 'Region can have at most 100 characters',
      'address.postal_code': 'Postal code can have at most 20 characters',
      'address.country': 'Country must be chosen from the list (a code such as US or DE)',
    });
    const empty = fieldsOf('createLocation', {
      name: ' ',
      address: { line1: '', city: '', country: '' },
    });
    expect(empty['address.country']).toBe('Country is required');
    for (const text of [...Object.values(tooLong), ...Object.values(empty)])
      expect(text).not.toMatch(SCHEMA_TEXT);
  });

  it('a truncated country name is refused: "GE" passes only as Georgia\'s code, "DD" never', () => {
    expect(fieldsOf('createLocation', bad({ country: 'DD' }))['address.country']).toMatch(
      /chosen from the list/,
    );
    const ok = operations.createLocation.input.safeParse(bad({ country: 'de' }));
    expect(ok.success && ok.data.address.country).toBe('DE');
    expect(COUNTRY_CODES).toHaveLength(249);
  });

  it("the device form's update interval says its range in words, for every way it can be wrong", () => {
    for (const seconds of [10, 100_000, 45.5, Number.NaN, '60']) {
      const fields = fieldsOf('updateDevice', {
        serial: 'FTC-1',
        changes: { update_interval_s: seconds },
      });
      expect(fields['changes.update_interval_s']).toBe(
        'Update interval must be a whole number of seconds from 30 to 86,400 (24 hours)',
      );
    }
  });

  it('rules without a sentence of their own still answer in words', () => {
    expect(
      fieldsOf('recordVerification', { serial: 'FTC-1', locationId: 'l1', note: long(501) }),
    ).toEqual({ note: 'Use at most 500 characters.' });
    expect(fieldsOf('networkChanged', { online: 'yes' })).toEqual({
      online: 'This must be yes or no.',
    });
    expect(fieldsOf('reportRendererError', { kind: 'error', message: 'x', line: -1 })).toEqual({
      line: 'Use 0 or more.',
    });
    expect(fieldsOf('locationsFootTraffic', { from: 'yesterday' })).toEqual({
      from: 'This must be a date and time.',
      to: 'This is required.',
      granularity: 'This is required.',
    });
  });
});

function bad(address: Record<string, string>) {
  return { name: 'Store', address: { line1: '1 Street', city: 'Berlin', ...address } };
}
