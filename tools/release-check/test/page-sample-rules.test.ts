/**
 * The docs' TypeScript samples follow the convention of `page-samples.ts`:
 * each page with samples names its packages in an `npm install` line before
 * the first, and a sample that is a part of an example file says so in its
 * first line. The type-check itself runs in the packed scratch project
 * (`pack-install.test.ts`). Needs no build.
 */
import { describe, it, expect } from 'vitest';
import { guideBlocks } from './guide-snippets.js';
import { isSamplePage, pageInstall, pageRuleProblems, samplePages, specName, type SamplePage } from './page-samples.js';
import { repoRoot } from './workspace-packages.js';

const pages = samplePages(repoRoot);

describe('the docs samples follow the convention', () => {
  it('finds the guides and the package READMEs with samples', () => {
    const names = pages.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['docs/guides/host-teams.md', 'docs/guides/app-and-agent-authors.md', 'packages/call/README.md']));
    expect(pages.flatMap((p) => p.samples).length).toBeGreaterThan(20);
  });

  for (const page of pages) {
    it(`${page.name}: an npm install line before its first sample; every part of an example file says where its imports are`, () => {
      expect(pageRuleProblems(page)).toEqual([]);
    });
  }
});

describe('the sample reader itself', () => {
  const page = (text: string): SamplePage => {
    const blocks = guideBlocks(text);
    return { name: 'docs/x.md', file: `${repoRoot}docs/x.md`, samples: blocks.filter((b) => b.lang === 'ts'), install: pageInstall(blocks) };
  };

  it('reads npm install lines before the first sample, versions dropped, -D as dev', () => {
    const text = [
      '# X',
      '```sh',
      '$ npm install @xcap/host-node@0.4.0 @modelcontextprotocol/server',
      'npm i -D vitest@^4 tsx',
      '```',
      '```ts',
      'x',
      '```',
    ].join('\n');
    expect(page(text).install).toEqual({ line: 3, dependencies: ['@xcap/host-node', '@modelcontextprotocol/server'], devDependencies: ['vitest', 'tsx'] });
    expect(page(['```ts', 'x', '```', '```sh', 'npm install a', '```'].join('\n')).install).toBeUndefined();
    expect(specName('@scope/a@1')).toBe('@scope/a');
    expect(specName('a')).toBe('a');
  });

  it('asks for the install line and for the comment on a part of an example file', () => {
    const quoting = (first: string) =>
      page(['```sh', 'npm install @xcap/call', '```', '<!-- snippet: guides/examples/call-path.ts#call -->', '```ts', first, '```'].join('\n'));
    expect(pageRuleProblems(quoting('const a = 1;'))).toEqual([
      'docs/x.md:5: a part of guides/examples/call-path.ts whose first line is not a // comment naming call-path.ts (where its imports are)',
    ]);
    expect(pageRuleProblems(quoting('// the rest of call-path.ts'))).toEqual([]);
    expect(pageRuleProblems(page(['```ts', 'x', '```'].join('\n')))).toEqual([
      'docs/x.md:1: a TypeScript sample, and no `npm install …` line in a sh block before it (the packages its samples import)',
    ]);
  });

  it('checks README.md, docs/** except docs/api, and the package and tool READMEs', () => {
    expect(
      ['README.md', 'docs/guides/a.md', 'docs/api/x.md', 'packages/call/README.md', 'tools/codegen/README.md', 'packages/call/docs/x.md'].filter(isSamplePage),
    ).toEqual(['README.md', 'docs/guides/a.md', 'packages/call/README.md', 'tools/codegen/README.md']);
  });
});
