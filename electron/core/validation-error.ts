/** Turns a contract schema failure into the same AppError forms show next to their fields. */
import type { z } from 'zod';
import { AppError } from './app-error';

export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'input';
    fields[path] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Something in the request is not right.';
  return new AppError({
    kind: 'validation',
    message: Object.keys(fields).length === 1 ? first : 'Some fields need fixing.',
    nextStep: 'Correct the marked fields and try again.',
    fields,
  });
}
