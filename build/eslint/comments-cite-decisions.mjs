// A comment says why, or names the decision record that does (docs/decisions/): "issue" and a
// number name a tracker no reader of the repository can open. ESLint's no-warning-comments only
// matches a comment's first word, so this is our own dozen lines.
const ISSUE = /\bissues?\s+#?\d+/i;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments cite decision records, not issue numbers.' },
    messages: {
      issue:
        '"{{found}}": cite the decision record that holds the reason (docs/decisions/), or say the reason.',
    },
    schema: [],
  },
  create(context) {
    /** @param {{ value: string, loc?: import('estree').SourceLocation | null }} comment */
    const check = (comment) => {
      const found = ISSUE.exec(comment.value);
      if (found && comment.loc)
        context.report({ loc: comment.loc, messageId: 'issue', data: { found: found[0] } });
    };
    return {
      Program: () => context.sourceCode.getAllComments().forEach(check),
      // A component's markup comments (<!-- … -->) are nodes of eslint-plugin-svelte's parser.
      SvelteHTMLComment: check,
    };
  },
};

export default { rules: { 'comments-cite-decisions': rule } };
