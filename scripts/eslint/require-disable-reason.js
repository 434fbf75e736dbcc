/**
 * An ESLint rule for this repository's config: every `eslint-disable…`
 * comment names the rules it turns off and says why after ` -- `, so no
 * blanket or unexplained disable gets in.
 */
const directive = /^\s*eslint-disable(?:-next-line|-line)?(?:\s|$)/;

/** The rule object (`meta` + `create`) for `xcap/require-disable-reason`. */
export const requireDisableReason = {
  meta: {
    type: 'problem',
    docs: { description: 'require rule names and a `-- reason` on every eslint-disable comment' },
    schema: [],
    messages: {
      noRules: 'Name the rules this comment disables (no blanket disables).',
      noReason: 'Say why after ` -- ` (e.g. `// eslint-disable-next-line some/rule -- why it is safe here`).',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (!directive.test(comment.value)) continue;
          const [head = '', ...reason] = comment.value.split(/\s--\s/);
          const rules = head
            .trim()
            .replace(/^eslint-disable(?:-next-line|-line)?/, '')
            .trim();
          if (rules === '') context.report({ loc: comment.loc, messageId: 'noRules' });
          else if (reason.join(' -- ').trim() === '') context.report({ loc: comment.loc, messageId: 'noReason' });
        }
      },
    };
  },
};
