/** Reading pending changesets and choosing the base commit. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changesetBumps, pendingChangesets } from '../src/pending-changesets.js';
import { releaseBase } from '../src/release-base.js';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const scratch = mkdtempSync(join(tmpdir(), 'xcap-changesets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('pendingChangesets', () => {
  it('takes the strongest bump per package across files, in any quoting, and skips the README', () => {
    const dir = join(scratch, '.changeset');
    mkdirSync(dir);
    writeFileSync(join(dir, 'README.md'), '---\n"@fx/x": major\n---\n');
    writeFileSync(join(dir, 'a.md'), `---\n"@fx/a": patch\n'@fx/b': minor\n---\n\nText.\n`);
    writeFileSync(join(dir, 'b.md'), '---\n@fx/a: major\n---\n');
    writeFileSync(join(dir, 'c.md'), '---\n"@fx/a": minor\n---\n');
    expect(Object.fromEntries(pendingChangesets(dir))).toEqual({
      '@fx/a': { bump: 'major', files: ['a.md', 'b.md', 'c.md'] },
      '@fx/b': { bump: 'minor', files: ['a.md'] },
    });
  });

  it('refuses a changeset without front matter or with a line it cannot read, naming the file', () => {
    expect(() => changesetBumps('no front matter', 'x.md')).toThrow('x.md: no front matter');
    expect(() => changesetBumps('---\n"@fx/a": huge\n---\n', 'y.md')).toThrow('y.md: front matter line ""@fx/a": huge" is not');
  });
});

describe('releaseBase', () => {
  const repo = join(scratch, 'repo');
  const git = (...args: string[]) =>
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo, encoding: 'utf8' }).stdout.trim();

  it('is nothing before the first release, the newest CHANGELOG.md commit after it, or XCAP_API_BASE', () => {
    mkdirSync(join(repo, 'packages', 'a'), { recursive: true });
    git('init', '-q');
    writeFileSync(join(repo, 'packages', 'a', 'index.ts'), '');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    const first = git('rev-parse', 'HEAD');
    expect(releaseBase(repo, {}).commit).toBeNull();
    writeFileSync(join(repo, 'packages', 'a', 'CHANGELOG.md'), '# a\n');
    git('add', '.');
    git('commit', '-q', '-m', 'release');
    const release = git('rev-parse', 'HEAD');
    writeFileSync(join(repo, 'packages', 'a', 'index.ts'), 'export {};\n');
    git('commit', '-q', '-am', 'after');
    expect(releaseBase(repo, {}).commit).toBe(release);
    expect(releaseBase(repo, { XCAP_API_BASE: first }).commit).toBe(first);
    expect(() => releaseBase(repo, { XCAP_API_BASE: 'no-such-rev' })).toThrow('XCAP_API_BASE=no-such-rev is not a commit of');
  });
});
