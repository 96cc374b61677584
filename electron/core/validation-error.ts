/** Turns a contract schema failure into the same AppError forms show next to their fields. */
import type { z } from 'zod';
import { AppError } from './app-error';

// What an answer echoes of a bad request is bounded: a request with 10,000 unknown keys once
// came back as 1.6 MB of error. A form never has more fields than this.
const MAX_FIELDS = 10;
const MAX_MESSAGE = 200;
const MAX_KEYS_NAMED = 3;
const MAX_KEY = 40;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code !== 'unrecognized_keys') return clip(issue.message, MAX_MESSAGE);
  const named = issue.keys.slice(0, MAX_KEYS_NAMED).map((k) => `"${clip(k, MAX_KEY)}"`);
  const more = issue.keys.length - named.length;
  return `Unknown field${issue.keys.length === 1 ? '' : 's'} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
};

export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    const path = clip(issue.path.map(String).join('.') || 'input', MAX_KEY);
    fields[path] ??= messageOf(issue);
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
  });
}
