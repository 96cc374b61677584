/**
 * Form rules cross from the core in kinds (FieldIssue) and are worded by the renderer in the
 * active language; the English catalog says the sentences the core used to write.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  operations,
  type AppErrorShape,
  type FieldRule,
  type OperationName,
} from '../../../electron/shared';
import { validationError } from '../../../electron/core/validation-error';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { fieldProblem, issueText } from '../../../renderer/src/lib/words/field-issues';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const refusal = (name: OperationName, input: unknown): AppErrorShape => {
  const parsed = operations[name].input.safeParse(input);
  if (parsed.success) throw new Error(`${name} accepted ${JSON.stringify(input)}`);
  return validationError(parsed.error, input).toShape();
};

const long = (n: number) => 'x'.repeat(n);
const HASH = 'a'.repeat(64);
const receiptEntries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ n: i + 1, hash: HASH }));
const RECEIPT_TOO_LONG =
  'A receipt’s CSV can be checked with at most 12,500 entries: type its final hash instead';

/** The rules' English as the contract held it before the catalogs did. */
const SENTENCES: Partial<Record<FieldRule, string>> = {
  serial_empty: 'Serial number is empty',
  serial_too_long: 'Serial number is too long',
  serial_characters: 'Serial number has characters a serial never has',
  id_empty: 'Id is empty',
  id_too_long: 'Id is longer than 128 characters',
  id_characters: 'Id has characters an id never has',
  update_interval: 'Update interval must be a whole number of seconds from 30 to 86,400 (24 hours)',
  street_required: 'Street address is required',
  street_too_long: 'Street address can have at most 200 characters',
  line2_too_long: 'Address line 2 can have at most 200 characters',
  city_required: 'City is required',
  city_too_long: 'City can have at most 100 characters',
  region_too_long: 'Region can have at most 100 characters',
  postal_code_too_long: 'Postal code can have at most 20 characters',
  country_required: 'Country is required',
  country_unknown: 'Country must be chosen from the list (a code such as US or DE)',
  base_url_not_url: 'API base URL is not a URL',
  base_url_too_long: 'API base URL can have at most 2,048 characters',
  api_key_too_short: 'API key is too short',
  api_key_too_long: 'API key can have at most 512 characters',
  check_both_or_neither: 'Give both the API base URL and the API key, or neither',
  name_required: 'Name is required',
  name_too_long: 'Name can have at most 120 characters',
  search_too_long: 'Search text can have at most 100 characters',
  label_too_long: 'Label can have at most 80 characters',
  photo_too_large: 'The photo is too large',
  photo_not_a_photo: 'That is not a photo',
  pdf_file_name: 'The file name must end in .pdf and have no slashes',
  passes_required: 'Enter how many times you walked through',
  passes_whole: 'Enter a whole number of passes',
  passes_at_least_one: 'Walk through at least once',
  passes_too_many: 'Enter at most 100 passes',
  reason_too_long: 'Keep the reason under 300 characters',
};
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
    expect(error.fields?.['address.city']).toEqual({
      rule: 'city_too_long',
      code: 'too_big',
      params: { maximum: 100, origin: 'string' },
    });
    expect(error.fields?.['address.line1']?.rule).toBe('street_required');
    expect(error.fields?.['address.country']?.rule).toBe('country_unknown');
    // No words cross: the error is its kinds.
    expect(JSON.stringify(error)).not.toMatch(/at most|is required|must be/);
  });

  it('a rule without a sentence as zod’s code and numbers; a field left out as "required"', () => {
    expect(refusal('networkChanged', { online: 'yes' }).fields).toEqual({
      online: { code: 'invalid_type', params: { expected: 'boolean' } },
    });
    expect(refusal('reportRendererError', { kind: 'error', line: -1 }).fields).toEqual({
      message: { code: 'required' },
      line: { code: 'too_small', params: { minimum: 0, origin: 'number' } },
    });
  });
});

describe('the renderer words them in the active language', () => {
  it('English: the same sentences the core wrote for these fields before the catalogs did', () => {
    const several = 'Some fields need fixing.';
    const interval =
      'Update interval must be a whole number of seconds from 30 to 86,400 (24 hours)';
    for (const [name, input, fields, summary] of [
      [
        'createLocation',
        BAD_LOCATION,
        {
          name: 'Name can have at most 120 characters',
          'address.line1': 'Street address is required',
          'address.line2': 'Address line 2 can have at most 200 characters',
          'address.city': 'City can have at most 100 characters',
          'address.postal_code': 'Postal code can have at most 20 characters',
          'address.country': 'Country must be chosen from the list (a code such as US or DE)',
        },
        several,
      ],
      [
        'createLocation',
        { name: ' ', address: { line1: ' ', city: '', country: '' } },
        {
          name: 'Name is required',
          'address.line1': 'Street address is required',
          'address.city': 'City is required',
          'address.country': 'Country is required',
        },
        several,
      ],
      [
        'updateDevice',
        { serial: 'FTC-1', changes: { update_interval_s: 10 } },
        { 'changes.update_interval_s': interval },
        interval,
      ],
      [
        'updateDevice',
        { serial: 'FTC-1', changes: { update_interval_s: 45.5, name: long(81) } },
        {
          'changes.name': 'Label can have at most 80 characters',
          'changes.update_interval_s': interval,
        },
        several,
      ],
      [
        'networkChanged',
        { online: 'yes' },
        { online: 'This must be yes or no.' },
        'This must be yes or no.',
      ],
      [
        'recordVerification',
        { serial: 'FTC-1', locationId: 'l1', walkTestExpected: 1.5, note: long(501) },
        {
          walkTestExpected: 'Enter a whole number of passes',
          note: 'Use at most 500 characters.',
        },
        several,
      ],
      [
        'reportRendererError',
        { kind: 'error', message: 'x', line: -1 },
        { line: 'Use 0 or more.' },
        'Use 0 or more.',
      ],
      [
        'locationsFootTraffic',
        { from: 'yesterday' },
        {
          from: 'This must be a date and time.',
          to: 'This is required.',
          granularity: 'This is required.',
        },
        several,
      ],
      [
        'checkReceipt',
        { hash: HASH, entries: receiptEntries(12_501) },
        { entries: RECEIPT_TOO_LONG },
        RECEIPT_TOO_LONG,
      ],
      [
        'signIn',
        { baseUrl: 'not a url', apiKey: 'short' },
        { baseUrl: 'API base URL is not a URL', apiKey: 'API key is too short' },
        several,
      ],
    ] as const) {
      const error = refusal(name, input);
      expect(worded(error)).toEqual(fields);
      expect(errorWords(error).message).toBe(summary);
    }
  });

  it('every contract rule says the English sentence the contract used to hold', () => {
    for (const [rule, sentence] of Object.entries(SENTENCES)) {
      // The bound as zod reports it (the last number of the sentence).
      const bound = Number(/([\d,]+)\D*$/.exec(sentence)?.[1]?.replace(/,/g, '') ?? 0);
      expect(
        issueText({ rule: rule as FieldRule, code: 'too_big', params: { maximum: bound } }),
      ).toBe(sentence);
    }
  });

  it('German: rules, bounds in German number format, and zod codes', () => {
    setLocaleSource(() => resolveLocale(['de-DE']));
    expect(
      fieldProblem(
        refusal('checkReceipt', { hash: HASH, entries: receiptEntries(12_501) }),
        'entries',
      ),
    ).toBe(
      'Die CSV eines Belegs kann mit höchstens 12.500 Einträgen geprüft werden: geben Sie stattdessen den abschließenden Hash ein',
    );
    const location = refusal('createLocation', BAD_LOCATION);
    expect(fieldProblem(location, 'city', 'address')).toBe(
      'Der Ort darf höchstens 100 Zeichen lang sein',
    );
    expect(fieldProblem(location, 'line1', 'address')).toBe(
      'Straße und Hausnummer sind erforderlich',
    );
    expect(fieldProblem(location, 'name')).toBe('Der Name darf höchstens 120 Zeichen lang sein');
    expect(errorWords(location).message).toBe('Einige Felder müssen korrigiert werden.');
    const device = refusal('updateDevice', {
      serial: 'FTC-1',
      changes: { update_interval_s: 10 },
    });
    expect(fieldProblem(device, 'update_interval_s', 'changes')).toBe(
      'Das Aktualisierungsintervall muss eine ganze Zahl von Sekunden von 30 bis 86.400 (24 Stunden) sein',
    );
    // One field: the summary is its sentence.
    expect(errorWords(device).message).toBe(fieldProblem(device, 'update_interval_s', 'changes'));
    const verification = refusal('recordVerification', { serial: 'FTC-1', note: long(501) });
    expect(worded(verification)).toEqual({
      locationId: 'Dies ist erforderlich.',
      note: 'Verwenden Sie höchstens 500 Zeichen.',
    });
    expect(worded(refusal('networkChanged', { online: 'yes' }))).toEqual({
      online: 'Dies muss Ja oder Nein sein.',
    });
    expect(
      worded(refusal('reportRendererError', { kind: 'error', message: 'x', line: -1 })),
    ).toEqual({ line: 'Verwenden Sie 0 oder mehr.' });
  });

  it('Japanese too; a server’s own words are kept as they came', () => {
    setLocaleSource(() => resolveLocale(['ja']));
    const location = refusal('createLocation', BAD_LOCATION);
    expect(fieldProblem(location, 'city', 'address')).toBe(
      '市区町村は 100 文字以内で入力してください',
    );
    const server: AppErrorShape = {
      kind: 'invalid',
      code: 'invalid',
      fields: { name: { code: 'server', params: { words: 'has already been taken' } } },
    };
    expect(fieldProblem(server, 'name')).toBe('has already been taken');
    expect(fieldProblem(server, 'city', 'address')).toBeUndefined();
  });
});
