/**
 * TypeDoc configuration fragment (typedoc.json `extends` it): two
 * markdown-it rules so the docs read in TypeDoc as they do on GitHub.
 *
 * 1. Headings keep their inline code in the "On This Page" list and in
 *    their anchors. TypeDoc 0.28 takes a heading's page-list text and slug
 *    from its `text` tokens only, so `## Input (`inputSchema`)` was listed
 *    as `Input ()` and `### `photos_pick`` as an empty entry with the anchor
 *    `#_`. Each `code_inline` token of a heading becomes `<code>`, its text
 *    and `</code>`: the same HTML, and text TypeDoc reads.
 * 2. A fenced block without a language is plain text (a tree, a file
 *    layout, a printed line), as on GitHub. TypeDoc highlights it as
 *    TypeScript otherwise, colouring its words as if they were code.
 */

/**
 * @param {import('markdown-it').default} parser TypeDoc's markdown-it instance.
 */
function readAsOnGitHub(parser) {
  parser.core.ruler.push('xcap_read_as_on_github', (state) => {
    const { tokens } = state;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.type === 'fence' && token.info.trim() === '') token.info = 'text';
      if (token.type !== 'inline' || i === 0 || tokens[i - 1].type !== 'heading_open' || !token.children) continue;
      token.children = token.children.flatMap((child) => {
        if (child.type !== 'code_inline') return [child];
        const open = new state.Token('html_inline', '', 0);
        open.content = '<code>';
        const text = new state.Token('text', '', 0);
        text.content = child.content;
        const close = new state.Token('html_inline', '', 0);
        close.content = '</code>';
        return [open, text, close];
      });
    }
  });
}

export default {
  markdownItLoader: readAsOnGitHub,
};
