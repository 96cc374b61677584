/**
 * The lint rule that keeps issue numbers out of comments (build/eslint/comments-cite-decisions.mjs),
 * run by ESLint itself on TypeScript and on a component's script and markup.
 */
import { Linter } from 'eslint';
import svelteParser from 'svelte-eslint-parser';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM (eslint.config.js imports it); typed by JSDoc
import local from '../../../build/eslint/comments-cite-decisions.mjs';

const linter = new Linter();
const lint = (code: string, filename: string) =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.svelte'],
          plugins: { local },
          languageOptions: {
            parser: filename.endsWith('.svelte') ? svelteParser : tseslint.parser,
          },
          rules: { 'local/comments-cite-decisions': 'error' },
        },
      ],
      filename,
    )
    .map((m) => [m.line, m.message.split(':')[0]]);

describe('comments cite decisions, not issue numbers', () => {
  it('finds an issue number in a line or block comment, in any case', () => {
    const code = [
      '// Issue 26: ask less.',
      'const a = 1; /* see issues #27 */',
      '/** Asking less (decision record 32). */',
      "const b = 'issue 26 in a string is data';",
    ].join('\n');
    expect(lint(code, 'x.ts')).toEqual([
      [1, '"Issue 26"'],
      [2, '"issues #27"'],
    ]);
  });

  it("finds one in a component's script and markup comments, once each", () => {
    const code = [
      '<script lang="ts">',
      '  // the audit (issue 27)',
      '  let n = 1;',
      '</script>',
      '<!-- the print sheet (issue 26) -->',
      '<p>{n} issue 4 in text is words</p>',
    ].join('\n');
    expect(lint(code, 'x.svelte')).toEqual([
      [2, '"issue 27"'],
      [5, '"issue 26"'],
    ]);
  });
});
