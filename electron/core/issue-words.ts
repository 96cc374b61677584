/**
 * Plain words for a schema rule that has no sentence of its own. Every field a person fills
 * has one in the contract; this is the floor under them, so a message such as "Too small:
 * expected number to be >=30" never reaches a screen. Used as zod's per-parse error map, which
 * only applies where the schema gave no message.
 */
import type { z } from 'zod';

const count = new Intl.NumberFormat('en');

const characters = (n: number) => `${count.format(n)} character${n === 1 ? '' : 's'}`;

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  object: 'a group of fields',
  array: 'a list',
};

export const issueInWords = (issue: z.core.$ZodRawIssue): string => {
  // A field left out altogether, whatever its rule.
  if (
    issue.input === undefined &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value')
  )
    return 'This is required.';
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? 'This cannot be empty.' : `Use at least ${characters(min)}.`;
      if (issue.origin === 'number') return `Use ${count.format(min)} or more.`;
      return `Give at least ${count.format(min)}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${characters(max)}.`;
      if (issue.origin === 'number') return `Use ${count.format(max)} or less.`;
      return `Give at most ${count.format(max)}.`;
    }
    case 'invalid_type':
      return `This must be ${KIND[issue.expected] ?? 'something else'}.`;
    case 'invalid_format':
      return issue.format === 'datetime'
        ? 'This must be a date and time.'
        : 'This is not in the expected form.';
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'not_multiple_of':
      return 'This must be a whole number.';
    default:
      return 'This value is not valid.';
  }
};
