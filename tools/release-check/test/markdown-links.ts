import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One link written in a Markdown file. */
export interface MarkdownLink {
  /** The file it is written in (absolute). */
  readonly file: string;
  /** Its 1-based line. */
  readonly line: number;
  /** The target as written, e.g. `../fixtures/capabilities.json` or `guide.md#wire-the-call-path`. */
  readonly target: string;
}

const skippedFolders = new Set(['node_modules', 'dist', '.git', '.nx', 'coverage', 'out']);

/** Every `*.md` file under `root` (absolute paths, sorted), outside node_modules, build output and `docs/api`. */
export function markdownFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name) && relative(root, path) !== join('docs', 'api')) walk(path);
      } else if (entry.name.endsWith('.md')) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * The links of a Markdown text: inline links and images `[text](target)`,
 * reference definitions `[label]: target`, and `href`/`src` attributes,
 * outside fenced code blocks and inline code.
 */
export function markdownLinks(file: string, text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  for (const [index, raw] of text.split('\n').entries()) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (opening !== null) {
      if (fence === undefined) fence = opening[1]![0]!;
      else if (opening[1]![0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const line = raw.replace(/(`+)[^`]*?\1/g, '');
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ file, line: index + 1, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(line);
    if (definition !== null) links.push({ file, line: index + 1, target: definition[1]! });
    for (const match of line.matchAll(/\b(?:href|src)="([^"]+)"/g)) links.push({ file, line: index + 1, target: match[1]! });
  }
  return links;
}

/** Whether a link target leaves the repository (a URL with a scheme, or a protocol-relative one). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** GitHub's anchor of a Markdown heading: lowercased, punctuation dropped, spaces to `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown text defines: its headings (GitHub-style, duplicates numbered `-1`, `-2`, …) and `id`/`name` attributes. */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening !== null) {
      if (fence === undefined) fence = opening[1]![0]!;
      else if (opening[1]![0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading !== null) {
      const base = headingAnchor(heading[1]!.replace(/`/g, ''));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** Reads a file as UTF-8. */
export function readText(file: string): string {
  return readFileSync(file, 'utf8');
}
