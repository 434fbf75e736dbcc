/**
 * Passages of the catalog's `$comment` (the normative spec), cut out word
 * for word so the reference quotes the spec instead of restating it.
 * Every function answers `null` when the passage is not there (another
 * catalog may carry a different `$comment`, or none).
 */

/**
 * The section of `comment` that starts with the all-caps `title` (e.g.
 * `THE BROKER`) and runs to the next all-caps section title after a full
 * stop (`. THE AUDIT`), trimmed.
 */
export function specSection(comment: string, title: string): string | null {
  const start = comment.search(new RegExp(`(?:^|\\. )${escapeRegExp(title)}\\b`));
  if (start === -1) return null;
  const from = comment.startsWith(title, start) ? start : start + 2;
  const rest = comment.slice(from + title.length);
  const end = rest.search(/\. (?=[A-Z]{2,}[A-Z0-9]*[ :(])/);
  return (end === -1 ? comment.slice(from) : comment.slice(from, from + title.length + end + 1)).trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits `text` at `separator` where it stands outside parentheses and code
 * spans, stopping at the first full stop (`. `) outside them. Answers the
 * pieces and what follows the stop.
 */
export function splitOutside(text: string, separator: RegExp): { readonly items: string[]; readonly rest: string } {
  const items: string[] = [];
  let depth = 0;
  let inCode = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') inCode = !inCode;
    if (inCode) continue;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    if (c === '.' && (text[i + 1] === ' ' || i + 1 === text.length)) {
      items.push(text.slice(from, i));
      return { items: items.map((s) => s.trim()), rest: text.slice(i + 1).trim() };
    }
    separator.lastIndex = i;
    const m = separator.exec(text);
    if (m && m.index === i) {
      items.push(text.slice(from, i));
      from = i + m[0].length;
      i = from - 1;
    }
  }
  items.push(text.slice(from));
  return { items: items.map((s) => s.trim()), rest: '' };
}

/** The broker's decision order: the spec's `the FIRST of: a · b · …` list, each entry as written. */
export function decisionOrder(brokerSection: string): { readonly lead: string; readonly steps: string[]; readonly rest: string } | null {
  const marker = 'the FIRST of: ';
  const at = brokerSection.indexOf(marker);
  if (at === -1) return null;
  const { items, rest } = splitOutside(brokerSection.slice(at + marker.length), / · /y);
  return { lead: brokerSection.slice(0, at + marker.length).trim(), steps: items, rest };
}

/** The audit row's fields: the spec's `` `field` = meaning `` list, each entry as written. */
export function auditFields(
  auditSection: string,
): { readonly lead: string; readonly fields: { name: string; meaning: string }[]; readonly rest: string } | null {
  const first = auditSection.search(/`[A-Za-z]+` = /);
  if (first === -1) return null;
  const { items, rest } = splitOutside(auditSection.slice(first), /[,;] (?=`[A-Za-z]+` = )/y);
  const fields = items.map((item) => {
    const m = /^`([A-Za-z]+)` = ([\s\S]*)$/.exec(item);
    return { name: m?.[1] ?? '', meaning: m?.[2] ?? item };
  });
  return { lead: auditSection.slice(0, first).trim(), fields, rest };
}

/** The spec's definition of a consent kind or flag, e.g. `` `ask` = the Engine's consent sheet once, … `` → its meaning. */
export function specDefinition(comment: string, term: string): string | null {
  const at = comment.indexOf(`\`${term}\` = `);
  if (at === -1) return null;
  const { items } = splitOutside(comment.slice(at + term.length + 5), /; /y);
  return items[0] ?? null;
}
