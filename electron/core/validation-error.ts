/** Turns a contract schema failure into the same AppError forms show next to their fields. */
import type { z } from 'zod';
import { FIELD_RULES, type FieldIssue, type FieldRule } from '../contract';
import { AppError } from './app-error';

// What an answer echoes of a bad request is bounded: a request with 10,000 unknown keys once
// came back as 1.6 MB of error. A form never has more fields than this.
const MAX_FIELDS = 10;
const MAX_MESSAGE = 200;
const MAX_KEYS_NAMED = 3;
const MAX_KEY = 40;
const MAX_VALUES_NAMED = 10;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code !== 'unrecognized_keys') return clip(issue.message, MAX_MESSAGE);
  const named = issue.keys.slice(0, MAX_KEYS_NAMED).map((k) => `"${clip(k, MAX_KEY)}"`);
  const more = issue.keys.length - named.length;
  return `Unknown field${issue.keys.length === 1 ? '' : 's'} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
};

/** The contract's rules by their sentence: zod reports the sentence a rule was given. */
const RULE_BY_SENTENCE = new Map<string, FieldRule>(
  Object.entries(FIELD_RULES).map(([rule, sentence]) => [sentence, rule as FieldRule]),
);

/** The value the input had at `path` (undefined: left out). */
const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined,
    input,
  );

/**
 * An issue in kinds, for the renderer to word (FieldIssue): the contract's rule when the
 * sentence is one, else zod's code with the numbers it found. "required" is a field left
 * out, whatever rule it broke.
 */
const issueKind = (issue: z.core.$ZodIssue, input: unknown): FieldIssue => {
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('origin' in issue && typeof issue.origin === 'string') params.origin = issue.origin;
  const rule = RULE_BY_SENTENCE.get(issue.message);
  if (rule) return { rule, code: issue.code, params };
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
    valueAt(input, issue.path) === undefined
  )
    return { code: 'required' };
  switch (issue.code) {
    case 'invalid_type':
      return { code: issue.code, params: { expected: issue.expected } };
    case 'invalid_format':
      return { code: issue.code, params: { format: issue.format } };
    case 'invalid_value':
      return {
        code: issue.code,
        params: { values: issue.values.slice(0, MAX_VALUES_NAMED).map(String).join(', ') },
      };
    case 'unrecognized_keys':
      return {
        code: issue.code,
        params: {
          keys: issue.keys
            .slice(0, MAX_KEYS_NAMED)
            .map((k) => `"${clip(k, MAX_KEY)}"`)
            .join(', '),
          count: issue.keys.length,
        },
      };
    case 'too_small':
    case 'too_big':
    case 'not_multiple_of':
      return { code: issue.code, params };
    default:
      return { code: 'invalid' };
  }
};

/** `input`: what was parsed, to tell a field left out from one given wrong. */
export function validationError(error: z.ZodError, input?: unknown): AppError {
  const fields: Record<string, string> = {};
  const fieldIssues: Record<string, FieldIssue> = {};
  for (const issue of error.issues) {
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    const path = clip(issue.path.map(String).join('.') || 'input', MAX_KEY);
    if (path in fields) continue;
    fields[path] = messageOf(issue);
    fieldIssues[path] = issueKind(issue, input);
  }
  const first = Object.values(fields)[0] ?? 'Something in the request is not right.';
  // Several fields: the sentence is general, the form marks each (its words are the renderer's).
  // One field: its own problem, which stays English until the form words it by path.
  const several = Object.keys(fields).length > 1;
  return new AppError({
    kind: 'validation',
    ...(several ? { code: 'fields' as const } : {}),
    message: several ? 'Some fields need fixing.' : first,
    nextStep: 'Correct the marked fields and try again.',
    fields,
    fieldIssues,
  });
}
