/** Turns a contract schema failure into the same AppError forms show next to their fields. */
import type { z } from 'zod';
import { FIELD_RULES, type FieldIssue, type FieldRule } from '../shared';
import { AppError } from './app-error';

// What an answer echoes of a bad request is bounded: a request with 10,000 unknown keys once
// came back as 1.6 MB of error. A form never has more fields than this.
const MAX_FIELDS = 10;
const MAX_KEYS_NAMED = 3;
const MAX_KEY = 40;
const MAX_VALUES_NAMED = 10;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The schemas give a rule's id as zod's message (FIELD_RULES, electron/shared/contract/fields.ts). */
const RULES: ReadonlySet<string> = new Set(FIELD_RULES);
const isRule = (message: string): message is FieldRule => RULES.has(message);

/** The value the input had at `path` (undefined: left out). */
const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null
        ? Reflect.getOwnPropertyDescriptor(value, key)?.value
        : undefined,
    input,
  );

/**
 * An issue in kinds, for the renderer to word (FieldIssue): the contract's rule when the
 * schema gave one, else zod's code with the numbers it found. "required" is a field left
 * out, whatever rule it broke.
 */
const issueKind = (issue: z.core.$ZodIssue, input: unknown): FieldIssue => {
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('origin' in issue && typeof issue.origin === 'string') params.origin = issue.origin;
  if (isRule(issue.message)) return { rule: issue.message, code: issue.code, params };
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
  // Paths name the input's keys, which are the sender's text ("__proto__" too): a Map.
  const fields = new Map<string, FieldIssue>();
  for (const issue of error.issues) {
    if (fields.size >= MAX_FIELDS) break;
    const path = clip(issue.path.map(String).join('.') || 'input', MAX_KEY);
    if (!fields.has(path)) fields.set(path, issueKind(issue, input));
  }
  // Several fields: the sentence is general, the form marks each. One: its problem is the
  // sentence.
  return new AppError({
    kind: 'validation',
    code: fields.size > 1 ? 'fields' : 'field',
    fields: Object.fromEntries(fields),
  });
}
