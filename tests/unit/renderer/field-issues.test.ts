/**
 * Form rules cross from the core in kinds (FieldIssue) and are worded by the renderer in the
 * active language; the English the core keeps for logs is the same sentence the English
 * catalog says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIELD_RULES,
  operations,
  type AppErrorShape,
  type FieldRule,
  type OperationName,
} from '../../../electron/contract';
import { issueInWords } from '../../../electron/core/issue-words';
import { validationError } from '../../../electron/core/validation-error';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/active-locale';
import {
  fieldProblem,
  formProblemSummary,
  issueText,
} from '../../../renderer/src/lib/field-issues';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const refusal = (name: OperationName, input: unknown): AppErrorShape => {
  const parsed = operations[name].safeParse(input, { error: issueInWords });
  if (parsed.success) throw new Error(`${name} accepted ${JSON.stringify(input)}`);
  return validationError(parsed.error, input).toShape();
};

const long = (n: number) => 'x'.repeat(n);
const BAD_LOCATION = {
  name: long(121),
  address: { line1: '', line2: long(201), city: long(101), postal_code: long(21), country: 'DD' },
};

/** What the renderer says for every field of a refusal. */
const worded = (error: AppErrorShape): Record<string, string> =>
  Object.fromEntries(Object.keys(error.fields ?? {}).map((k) => [k, fieldProblem(error, k) ?? '']));

describe('the core sends each field issue in kinds', () => {
  it('a contract rule by its id, with the bound zod reported', () => {
    const error = refusal('createLocation', BAD_LOCATION);
    expect(error.fieldIssues?.['address.city']).toEqual({
      rule: 'city_too_long',
      code: 'too_big',
      params: { maximum: 100, origin: 'string' },
    });
    expect(error.fieldIssues?.['address.line1']?.rule).toBe('street_required');
    expect(error.fieldIssues?.['address.country']?.rule).toBe('country_unknown');
    // The English stays for logs, unchanged.
    expect(error.fields?.['address.city']).toBe('City can have at most 100 characters');
  });

  it('a rule without a sentence as zod’s code and numbers; a field left out as "required"', () => {
    const error = refusal('recordVerification', {
      serial: 'FTC-1',
      checkedIn: 'yes',
      walkTestCount: -1,
    });
    expect(error.fieldIssues).toEqual({
      locationId: { code: 'required' },
      checkedIn: { code: 'invalid_type', params: { expected: 'boolean' } },
      walkTestCount: { code: 'too_small', params: { minimum: 0, origin: 'number' } },
    });
  });
});

describe('the renderer words them in the active language', () => {
  it('English: the same sentences the core keeps for logs', () => {
    for (const [name, input] of [
      ['createLocation', BAD_LOCATION],
      ['createLocation', { name: ' ', address: { line1: ' ', city: '', country: '' } }],
      ['updateDevice', { serial: 'FTC-1', changes: { update_interval_s: 10 } }],
      ['updateDevice', { serial: 'FTC-1', changes: { update_interval_s: 45.5, name: long(81) } }],
      [
        'recordVerification',
        { serial: 'FTC-1', locationId: 'l1', checkedIn: 'yes', walkTestCount: -1, note: long(501) },
      ],
      ['locationsFootTraffic', { from: 'yesterday' }],
      ['signIn', { baseUrl: 'not a url', apiKey: 'short' }],
    ] as const) {
      const error = refusal(name, input);
      expect(worded(error)).toEqual(error.fields);
      expect(formProblemSummary(error)).toBe(error.message);
    }
  });

  it('every contract rule says its English sentence (the numbers from the bound zod reports)', () => {
    for (const [rule, sentence] of Object.entries(FIELD_RULES)) {
      const bound = Number(/([\d,]+)\D*$/.exec(sentence)?.[1]?.replace(/,/g, '') ?? 0);
      expect(
        issueText({ rule: rule as FieldRule, code: 'too_big', params: { maximum: bound } }),
      ).toBe(sentence);
    }
    expect(new Set(Object.values(FIELD_RULES)).size).toBe(Object.keys(FIELD_RULES).length);
  });

  it('German: rules, bounds in German number format, and zod codes', () => {
    setLocaleSource(() => resolveLocale(['de-DE']));
    const location = refusal('createLocation', BAD_LOCATION);
    expect(fieldProblem(location, 'city', 'address')).toBe(
      'Der Ort darf höchstens 100 Zeichen lang sein',
    );
    expect(fieldProblem(location, 'line1', 'address')).toBe(
      'Straße und Hausnummer sind erforderlich',
    );
    expect(fieldProblem(location, 'name')).toBe('Der Name darf höchstens 120 Zeichen lang sein');
    expect(formProblemSummary(location)).toBe('Einige Felder müssen korrigiert werden.');
    const device = refusal('updateDevice', {
      serial: 'FTC-1',
      changes: { update_interval_s: 10 },
    });
    expect(fieldProblem(device, 'update_interval_s', 'changes')).toBe(
      'Das Aktualisierungsintervall muss eine ganze Zahl von Sekunden von 30 bis 86.400 (24 Stunden) sein',
    );
    // One field: the summary is its sentence.
    expect(formProblemSummary(device)).toBe(fieldProblem(device, 'update_interval_s', 'changes'));
    const verification = refusal('recordVerification', {
      serial: 'FTC-1',
      checkedIn: 'yes',
      walkTestCount: -1,
      note: long(501),
    });
    expect(worded(verification)).toEqual({
      locationId: 'Dies ist erforderlich.',
      checkedIn: 'Dies muss Ja oder Nein sein.',
      walkTestCount: 'Verwenden Sie 0 oder mehr.',
      note: 'Verwenden Sie höchstens 500 Zeichen.',
    });
  });

  it('Japanese too; a server’s own words (no kinds) are kept as they came', () => {
    setLocaleSource(() => resolveLocale(['ja']));
    const location = refusal('createLocation', BAD_LOCATION);
    expect(fieldProblem(location, 'city', 'address')).toBe(
      '市区町村は 100 文字以内で入力してください',
    );
    const server: AppErrorShape = {
      kind: 'invalid',
      message: 'The server did not accept the values.',
      nextStep: '',
      fields: { name: 'has already been taken' },
    };
    expect(fieldProblem(server, 'name')).toBe('has already been taken');
    expect(fieldProblem(server, 'city', 'address')).toBeUndefined();
  });
});
