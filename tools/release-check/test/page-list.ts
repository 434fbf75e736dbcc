/** One entry of TypeDoc's "On This Page" list and the heading it links to. */
export interface PageListEntry {
  /** The anchor, without `#`. */
  readonly anchor: string;
  /** The entry's text as the list shows it. */
  readonly text: string;
  /** The visible text of the markdown heading with that anchor (tags stripped), or undefined when the anchor is no markdown heading (a member, a signature). */
  readonly heading: string | undefined;
}

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** The visible text of an HTML fragment: tags removed, the common entities decoded, white space collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The "On This Page" entries of a page TypeDoc 0.28 rendered, each with
 * the markdown heading it points at (`<hN id="…" class="tsd-anchor-link">`,
 * its permalink icon left out).
 */
export function pageListEntries(html: string): PageListEntry[] {
  const start = html.indexOf('tsd-page-navigation');
  if (start < 0) return [];
  const end = html.indexOf('</details>', start);
  const nav = html.slice(start, end < 0 ? undefined : end);
  const headings = new Map<string, string>();
  for (const match of html.matchAll(/<h[1-6] id="([^"]*)" class="tsd-anchor-link">([\s\S]*?)<a href="#[^"]*" aria-label="Permalink"/g)) {
    headings.set(match[1]!, visibleText(match[2]!));
  }
  return [...nav.matchAll(/<a href="#([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => {
    const span = /<span>([\s\S]*?)<\/span>/.exec(match[2]!);
    return { anchor: match[1]!, text: visibleText(span?.[1] ?? match[2]!), heading: headings.get(match[1]!) };
  });
}

/** Entries whose text misreads their heading: empty, or ending in `()` (inline code dropped) when the heading does not, or not the heading's text. */
export function misreadEntries(entries: readonly PageListEntry[]): string[] {
  return entries
    .filter((e) => e.heading !== undefined)
    .filter((e) => e.text === '' || (e.text.endsWith('()') && !e.heading!.endsWith('()')) || e.text !== e.heading)
    .map((e) => `#${e.anchor}: listed as "${e.text}", heading reads "${e.heading}"`);
}
