/**
 * TypeDoc configuration fragment (typedoc.json `extends` it): headings
 * keep their inline code in TypeDoc's "On This Page" list and anchors.
 *
 * TypeDoc 0.28 takes a heading's page-list text and slug from its `text`
 * tokens only, so `## Input (`inputSchema`)` was listed as `Input ()` and
 * `### `photos_pick`` as an empty entry with the anchor `#_`. This
 * markdown-it rule splits each `code_inline` token of a heading into
 * `<code>`, its text and `</code>`: the same HTML, and text TypeDoc reads.
 */

/**
 * @param {import('markdown-it').default} parser TypeDoc's markdown-it instance.
 */
function headingCodeAsText(parser) {
  parser.core.ruler.push('xcap_heading_code_text', (state) => {
    const { tokens } = state;
    for (let i = 1; i < tokens.length; i++) {
      const inline = tokens[i];
      if (inline.type !== 'inline' || tokens[i - 1].type !== 'heading_open' || !inline.children) continue;
      inline.children = inline.children.flatMap((child) => {
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
  markdownItLoader: headingCodeAsText,
};
