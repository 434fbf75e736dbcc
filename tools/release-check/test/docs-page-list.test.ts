/**
 * The API docs as a reader browses them: TypeDoc builds the site (the
 * README's `npm run docs` configuration, into a temporary folder) and every
 * "On This Page" entry that points at a markdown heading must read as that
 * heading — no `Input ()` for `Input (`inputSchema`)`, no empty entry for
 * `### `photos_pick``; and a fenced block without a language (a tree, a
 * file layout) is plain text, not highlighted as TypeScript; and no link
 * leaves the site unless it is a source link to a file of the repository or
 * on the short allow-list of `site-links.ts`. Needs a build of every package (`npm test` builds
 * first, then the docs into docs/api, named by XCAP_DOCS_BUILT); alone it
 * builds the docs itself, about 30–60 s.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './workspace-packages.js';
import { runCommand } from './run-command.js';
import { misreadEntries, pageListEntries, type PageListEntry } from './page-list.js';
import { externalLinkProblem, externalTargets, sourceLinkPrefix } from './site-links.js';

// `npm test` builds the docs once (typedoc, warnings as errors) before the tests and names the folder in XCAP_DOCS_BUILT; alone, the test builds its own copy.
const built = process.env['XCAP_DOCS_BUILT'];
const out = built !== undefined && built !== '' ? built : mkdtempSync(join(tmpdir(), 'xcap-docs-'));
const pages = new Map<string, PageListEntry[]>();
const unlabelled = new Map<string, number>();
const external = new Map<string, string[]>();

beforeAll(async () => {
  if (out !== built) {
    const typedoc = await runCommand(process.execPath, [join(repoRoot, 'node_modules/typedoc/bin/typedoc'), '--out', out, '--logLevel', 'Error'], repoRoot);
    if (typedoc.status !== 0) throw new Error(`typedoc failed (exit ${String(typedoc.status)}):\n${`${typedoc.stdout}${typedoc.stderr}`.slice(-4000)}`);
  }
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(join(out, file), 'utf8');
    pages.set(file, pageListEntries(html));
    unlabelled.set(file, html.split('<pre><code>').length - 1);
    external.set(file, externalTargets(html));
  }
}, 5 * 60_000);

afterAll(() => {
  if (out !== built) rmSync(out, { recursive: true, force: true });
});

describe('TypeDoc\'s "On This Page" lists read as the headings', () => {
  it('the catalog reference and the guides have page lists that point at markdown headings', () => {
    const photos = pages.get(join('documents', 'catalog_capabilities_photos.html')) ?? [];
    expect(photos.filter((e) => e.heading !== undefined).length).toBeGreaterThan(10);
    expect(pages.get(join('documents', 'guides_host-teams.html'))?.length ?? 0).toBeGreaterThan(3);
  });

  it('no entry ends in "()" unless its heading does, none is empty, each is its heading\'s text', () => {
    const misread = [...pages].flatMap(([file, entries]) => misreadEntries(entries).map((problem) => `${file} ${problem}`));
    expect(misread).toEqual([]);
  });
});

describe('fenced blocks without a language read as plain text, as on GitHub', () => {
  it('no page has a code block TypeDoc highlighted as TypeScript by default (<pre><code> without a language)', () => {
    expect([...unlabelled].filter(([, n]) => n > 0)).toEqual([]);
    expect(unlabelled.has(join('modules', '_xcap_host-node.html')), 'the @xcap/host-node README page (it has unlabelled blocks) was built').toBe(true);
  });
});

describe('no link leaves the site but source links to the repository and the allow-list', () => {
  it('every source link names a file of the repository (none into node_modules); every other external link is allowed', () => {
    const problems = new Map<string, { count: number; pages: Set<string> }>();
    for (const [file, targets] of external) {
      for (const target of targets) {
        const problem = externalLinkProblem(repoRoot, target);
        if (problem === null) continue;
        const key = `${target.replace(/#L\d+$/, '')}: ${problem}`;
        const seen = problems.get(key) ?? { count: 0, pages: new Set<string>() };
        seen.count++;
        seen.pages.add(file);
        problems.set(key, seen);
      }
    }
    const report = [...problems].map(([key, { count, pages }]) => `${count}× on ${pages.size} pages (${[...pages].sort()[0]!}, …) ${key}`);
    expect(report).toEqual([]);
    expect([...external.values()].flat().filter((t) => t.startsWith(sourceLinkPrefix)).length, 'the build has source links at all').toBeGreaterThan(100);
  });

  it('the checker refuses a link into node_modules, a missing file and an unknown site, and accepts a repository file', () => {
    expect(externalLinkProblem(repoRoot, `${sourceLinkPrefix}node_modules/typescript/lib/lib.es5.d.ts#L1077`)).toMatch(/node_modules/);
    expect(externalLinkProblem(repoRoot, `${sourceLinkPrefix}packages/no-such/src/x.ts#L1`)).toMatch(/not in the repository/);
    expect(externalLinkProblem(repoRoot, 'http://DESIGN.md')).toMatch(/allow-list/);
    expect(externalLinkProblem(repoRoot, `${sourceLinkPrefix}packages/call/src/index.ts#L3`)).toBeNull();
    expect(externalTargets('<a href="https://typedoc.org/">x</a><a href="../x.html">y</a><img src="//cdn.x/y.png">')).toEqual([
      'https://typedoc.org/',
      '//cdn.x/y.png',
    ]);
  });
});
