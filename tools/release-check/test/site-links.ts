import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A link of the built API docs that leaves the site: its page (relative to the site) and its target. */
export interface SiteLink {
  readonly page: string;
  readonly target: string;
}

/** Where the source links of typedoc.json's `sourceLinkTemplate` point: the repository's files on GitHub. */
export const sourceLinkPrefix = 'https://github.com/xcap-dev/xcap/blob/main/';

/**
 * The links that may leave the site, each with why (the allow-list is short
 * on purpose: a new external link is a decision): TypeDoc's footer, and V8's
 * stack-trace page that @types/node's doc comment of `Error.captureStackTrace`
 * names (inherited by every error class). Source links are checked apart.
 */
export const allowedExternalLinks: readonly { readonly prefix: string; readonly why: string }[] = [
  { prefix: 'https://typedoc.org/', why: "TypeDoc's 'Generated using TypeDoc' footer" },
  { prefix: 'https://v8.dev/docs/stack-trace-api', why: "@types/node's doc comment of Error.captureStackTrace, inherited by every error class" },
];

/** The `href` and `src` targets of a page that leave the site (a scheme, or `//`), entities decoded. */
export function externalTargets(html: string): string[] {
  return [...html.matchAll(/\b(?:href|src)="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .filter((t) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//'));
}

/** What is wrong with a link that leaves the site, or null: a source link must name a file of the repository (not node_modules), anything else be on the allow-list. */
export function externalLinkProblem(repoRoot: string, target: string): string | null {
  if (target.startsWith(sourceLinkPrefix)) {
    const path = decodeURIComponent(target.slice(sourceLinkPrefix.length).replace(/#.*$/, ''));
    if (path.split('/').includes('node_modules')) return 'a source link into node_modules (no such file on GitHub)';
    return existsSync(join(repoRoot, path)) ? null : `a source link to ${path}, which is not in the repository`;
  }
  return allowedExternalLinks.some((allowed) => target.startsWith(allowed.prefix)) ? null : 'leaves the site and is not on the allow-list (site-links.ts)';
}
