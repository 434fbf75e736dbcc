/**
 * The TypeScript samples a reader copies from the docs, and what each page
 * tells the reader to install. The pages are `README.md`, every `*.md` under
 * `docs/` (not the generated `docs/api`), `packages/*\/README.md` and
 * `tools/*\/README.md`. A sample is a fenced block whose info string starts
 * with `ts` or `typescript`. The convention (checked by
 * `page-sample-rules.test.ts`, type-checked by `page-samples-check.ts`):
 *
 * - a sample is a whole file, imports included, type-checked alone; or
 * - it is a region of an example file (`<!-- snippet: examples/x.ts#r -->`,
 *   see `guide-snippets.ts`) and its first line is a `//` comment naming that
 *   file (where its missing pieces are); then the whole example file is
 *   type-checked;
 * - a page with samples has a fenced `sh` block before its first sample with
 *   its `npm install <packages>` line (and `npm install -D <packages>` for
 *   the dev tools); its samples are type-checked with only those packages
 *   installed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { guideBlocks, regionText, snippetFile, type GuideBlock } from './guide-snippets.js';
import { markdownFiles } from './markdown-links.js';

/** One page's samples and install line. */
export interface SamplePage {
  /** The page, relative to the repository root (`docs/guides/host-teams.md`). */
  readonly name: string;
  /** The page's absolute path. */
  readonly file: string;
  /** Its `ts` blocks. */
  readonly samples: readonly GuideBlock[];
  /** Its `npm install` lines, or undefined when it has none before its first sample. */
  readonly install: PageInstall | undefined;
}

/** What a page's `npm install` lines name: package names (versions dropped) and the 1-based line of the first one. */
export interface PageInstall {
  readonly line: number;
  readonly dependencies: readonly string[];
  readonly devDependencies: readonly string[];
}

const sampleLanguages = new Set(['ts', 'typescript']);
const shellLanguages = new Set(['sh', 'bash', 'shell', 'console']);

/** Whether a page is one whose samples are checked: README.md, docs/** (not docs/api), packages/*\/README.md, tools/*\/README.md. */
export function isSamplePage(name: string): boolean {
  return name === 'README.md' || (name.startsWith('docs/') && !name.startsWith('docs/api/')) || /^(packages|tools)\/[^/]+\/README\.md$/.test(name);
}

/** The package name of an npm spec: `@xcap/host-node@0.4.0` → `@xcap/host-node`, `vitest@^4` → `vitest`. */
export function specName(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at < 0 ? spec : spec.slice(0, at);
}

/**
 * The `npm install` lines of the shell blocks before the first sample of a
 * page (`npm install a b`, `npm install -D c` / `--save-dev`, `npm i`), a
 * leading `$ ` prompt allowed; undefined when there is none.
 */
export function pageInstall(blocks: readonly GuideBlock[]): PageInstall | undefined {
  const first = blocks.findIndex((b) => sampleLanguages.has(b.lang));
  const before = first < 0 ? blocks : blocks.slice(0, first);
  const dependencies: string[] = [];
  const devDependencies: string[] = [];
  let line: number | undefined;
  for (const block of before.filter((b) => shellLanguages.has(b.lang))) {
    for (const [offset, text] of block.text.split('\n').entries()) {
      const words = text
        .replace(/^\$\s+/, '')
        .trim()
        .split(/\s+/);
      if (words[0] !== 'npm' || (words[1] !== 'install' && words[1] !== 'i')) continue;
      line ??= block.line + 1 + offset;
      const args = words.slice(2);
      const dev = args.includes('-D') || args.includes('--save-dev');
      (dev ? devDependencies : dependencies).push(...args.filter((a) => !a.startsWith('-')).map(specName));
    }
  }
  return line === undefined ? undefined : { line, dependencies, devDependencies };
}

/** Every page with samples (sorted by name). */
export function samplePages(root: string): SamplePage[] {
  return markdownFiles(root)
    .map((file) => ({ file, name: relative(root, file).split('\\').join('/') }))
    .filter(({ name }) => isSamplePage(name))
    .flatMap(({ file, name }) => {
      const blocks = guideBlocks(readFileSync(file, 'utf8'));
      const samples = blocks.filter((b) => sampleLanguages.has(b.lang));
      return samples.length === 0 ? [] : [{ name, file, samples, install: pageInstall(blocks) }];
    });
}

/** The example file a region sample quotes (absolute), or undefined for a whole-file sample. */
export function quotedFile(page: SamplePage, sample: GuideBlock): string | undefined {
  return sample.snippet === undefined ? undefined : snippetFile(join(page.file, '..'), sample.snippet.file);
}

/** What breaks the convention on a page (`<page>:<line>: …`), empty when nothing does. */
export function pageRuleProblems(page: SamplePage): string[] {
  const problems: string[] = [];
  const first = page.samples[0]!;
  if (page.install === undefined)
    problems.push(`${page.name}:${first.line}: a TypeScript sample, and no \`npm install …\` line in a sh block before it (the packages its samples import)`);
  for (const sample of page.samples) {
    const file = quotedFile(page, sample);
    if (file === undefined || sample.snippet?.region === undefined) continue;
    if (!existsSync(file)) {
      problems.push(`${page.name}:${sample.line}: quotes ${sample.snippet.file}, which does not exist`);
      continue;
    }
    if (regionText(file, sample.snippet.region) === regionText(file, undefined)) continue;
    const opening = sample.text.split('\n')[0] ?? '';
    const base = sample.snippet.file.split('/').pop()!;
    if (!opening.startsWith('//') || !opening.includes(base))
      problems.push(
        `${page.name}:${sample.line}: a part of ${sample.snippet.file} whose first line is not a // comment naming ${base} (where its imports are)`,
      );
  }
  return problems;
}
