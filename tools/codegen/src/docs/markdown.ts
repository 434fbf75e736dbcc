/** Markdown helpers for the catalog reference: escaping, code spans, tables. */

/** `text` as inline code, with a longer fence when it holds a backtick. */
export function code(text: string): string {
  if (!text.includes('`')) return `\`${text}\``;
  return `\`\` ${text} \`\``;
}

/**
 * Prose that may hold `code spans`: outside the spans, characters Markdown
 * would read as markup (`\ * _ [ ]`, and `<` before a tag-like character)
 * are escaped; the spans stay as written.
 */
export function mdText(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts.map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_[\]]/g, (c) => `\\${c}`).replace(/<(?=[A-Za-z/!?])/g, '&lt;'))).join('');
}

/** A table cell: newlines become spaces and `|` is escaped (inside code spans too, as GFM tables need). */
export function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** A GFM table; every cell is passed through `cell`. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Names as a sentence lists them: `a`, `a or b`, `a, b or c` (with the given last joiner). */
export function wordList(items: readonly string[], joiner = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}
