import { describe, it, expect } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { headingAnchor, isExternal, markdownAnchors, markdownFiles, markdownLinks, readText } from './markdown-links.js';
import { repoRoot } from './workspace-packages.js';

const files = markdownFiles(repoRoot);

/** What is wrong with one relative link, or `null` when its file (and heading, if it names one) exists. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
  const path = decodeURIComponent(pathPart);
  const resolved = path === '' ? file : path.startsWith('/') ? join(repoRoot, path) : resolve(dirname(file), path);
  if (relative(repoRoot, resolved).startsWith('..')) return `points outside the repository (${resolved})`;
  if (!existsSync(resolved)) return `no such file ${relative(repoRoot, resolved)}`;
  if (fragment !== undefined && fragment !== '' && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!markdownAnchors(readText(resolved)).has(decodeURIComponent(fragment))) return `no heading #${fragment} in ${relative(repoRoot, resolved)}`;
  }
  return null;
}

describe('every relative link in the Markdown files resolves', () => {
  it('finds the docs and every README', () => {
    const names = files.map((f) => relative(repoRoot, f));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/README.md');
    expect(names.filter((n) => n.endsWith('README.md')).length).toBeGreaterThan(8);
  });

  for (const file of files) {
    const name = relative(repoRoot, file);
    if (!name.startsWith('docs/') && !name.endsWith('README.md') && !name.includes('/docs/')) continue;
    it(name, () => {
      const broken = markdownLinks(file, readText(file))
        .filter((link) => !isExternal(link.target))
        .map((link) => ({ link, problem: brokenLink(file, link.target) }))
        .filter((entry) => entry.problem !== null)
        .map(({ link, problem }) => `${name}:${link.line}: ${link.target} — ${problem}`);
      expect(broken).toEqual([]);
    });
  }
});

describe('the link checker itself', () => {
  it('reads inline links, images, reference definitions and href/src, and skips code', () => {
    const text = [
      'See [a](a.md) and ![b](img/b.png "title") `[c](c.md)`.',
      '[d]: ../d.md',
      '<a href="e.html">e</a>',
      '```',
      '[f](f.md)',
      '```',
      '[g](https://x.dev/g)',
    ].join('\n');
    expect(markdownLinks('x.md', text).map((l) => [l.line, l.target])).toEqual([
      [1, 'a.md'],
      [1, 'img/b.png'],
      [2, '../d.md'],
      [3, 'e.html'],
      [7, 'https://x.dev/g'],
    ]);
    expect(isExternal('https://x.dev/g')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('../d.md')).toBe(false);
  });

  it('reports a missing file and a missing heading, and accepts what exists', () => {
    const readme = join(repoRoot, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toBe('no such file docs/no-such-page.md');
    expect(brokenLink(readme, 'docs/README.md#no-such-heading')).toBe('no heading #no-such-heading in docs/README.md');
    expect(brokenLink(readme, 'docs/README.md')).toBeNull();
    expect(brokenLink(readme, '../outside.md')).toMatch(/^points outside the repository/);
  });

  it('makes GitHub heading anchors', () => {
    expect(headingAnchor('One call, end to end')).toBe('one-call-end-to-end');
    expect(headingAnchor('The `xcap-conformance` command')).toBe('the-xcap-conformance-command');
    expect([...markdownAnchors('# A\n## A\n```\n# not\n```\n')]).toEqual(['a', 'a-1']);
  });
});
