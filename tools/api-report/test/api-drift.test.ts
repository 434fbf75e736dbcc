/**
 * The whole check on a scratch workspace (a git repository in the system's
 * temp folder with one published package, `@fx/demo`, whose `dist/index.d.ts`
 * the test edits): a deliberate API change fails `check` with the diff;
 * the updated report then fails until a changeset of the right bump names
 * the package; a release (a CHANGELOG.md commit) resets the base.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packageReports } from '../src/report-entries.js';
import { runApiReport } from '../src/run-api-report.js';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const baseConfig = fileURLToPath(new URL('../../../api-extractor.base.json', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'xcap-api-drift-'));
const pkgDir = join(root, 'packages', 'demo');
const report = join(pkgDir, 'etc', 'demo.api.md');

function git(...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

function writePackage(version: string, dts: string): void {
  writeFileSync(
    join(pkgDir, 'package.json'),
    JSON.stringify({ name: '@fx/demo', version, type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
  );
  writeFileSync(join(pkgDir, 'dist', 'index.d.ts'), dts);
}

function run(mode: 'update' | 'check'): string[] {
  return [...runApiReport(root, mode, () => {}, packageReports(pkgDir), baseConfig).problems];
}

function changeset(name: string, bump: string): void {
  writeFileSync(join(root, '.changeset', `${name}.md`), `---\n"@fx/demo": ${bump}\n---\n\nA change.\n`);
}

const v1 = '/** Adds. */\nexport declare function add(a: number, b: number): number;\n';

beforeAll(() => {
  mkdirSync(join(pkgDir, 'dist'), { recursive: true });
  mkdirSync(join(root, '.changeset'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fx', private: true, workspaces: ['packages/*'] }));
  writePackage('0.4.0', v1);
  git('init', '-q');
  expect(run('update')).toEqual([]);
  writeFileSync(join(pkgDir, 'CHANGELOG.md'), '# @fx/demo\n\n## 0.4.0\n');
  git('add', '.');
  git('commit', '-q', '-m', 'release 0.4.0');
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('api:check on a scratch workspace', () => {
  it('passes when the report matches the build and nothing changed since the release', () => {
    expect(readFileSync(report, 'utf8')).toContain('export function add(a: number, b: number): number;');
    expect(run('check')).toEqual([]);
  });

  it('a deliberate API change fails the check, with the diff', () => {
    writePackage('0.4.0', `${v1}/** Subtracts. */\nexport declare function sub(a: number, b: number): number;\n`);
    const problems = run('check');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('packages/demo/etc/demo.api.md differs from the public API of @fx/demo .');
    expect(problems[0]).toContain('\n+export function sub(a: number, b: number): number;');
  });

  it('the updated report needs a changeset naming the package: none and patch fail, minor passes (0.x)', () => {
    expect(run('update')).toEqual([]);
    const [problem] = run('check');
    expect(problem).toMatch(
      /^@fx\/demo: packages\/demo\/etc\/demo\.api\.md additive \(added: export function sub\(a: number, b: number\): number;\) since the last release .* needs a changeset naming "@fx\/demo" with at least minor; the pending changesets give none$/,
    );
    changeset('sub', 'patch');
    expect(run('check')[0]).toContain('with at least minor; the pending changesets give patch (sub.md)');
    changeset('sub', 'minor');
    expect(run('check')).toEqual([]);
  });

  it('below 1.0 a changed signature is a minor bump, and the message says so', () => {
    writePackage('0.4.0', '/** Adds. */\nexport declare function add(a: bigint, b: bigint): bigint;\n');
    expect(run('update')).toEqual([]);
    rmSync(join(root, '.changeset', 'sub.md'));
    const [problem] = run('check');
    expect(problem).toContain('breaking (removed or changed: export function add(a: number, b: number): number;)');
    expect(problem).toContain('with at least minor (0.4.0 is below 1.0: a breaking change is a minor bump)');
    changeset('bigint', 'minor');
    expect(run('check')).toEqual([]);
  });

  it('from 1.0 on a changed signature needs major; after the release that records it the base moves on', () => {
    writePackage('1.0.0', '/** Adds. */\nexport declare function add(a: bigint, b: bigint): bigint;\n');
    expect(run('check')[0]).toContain('with at least major; the pending changesets give minor (bigint.md)');
    changeset('bigint', 'major');
    expect(run('check')).toEqual([]);
    rmSync(join(root, '.changeset', 'bigint.md'));
    writeFileSync(join(pkgDir, 'CHANGELOG.md'), '# @fx/demo\n\n## 1.0.0\n\n## 0.4.0\n');
    git('add', '.');
    git('commit', '-q', '-m', 'release 1.0.0');
    expect(run('check')).toEqual([]);
  });

  it('a report no entry point makes any more fails the check; update removes it', () => {
    writeFileSync(join(pkgDir, 'etc', 'demo-gone.api.md'), 'x\n');
    expect(run('check')).toEqual(['packages/demo/etc/demo-gone.api.md is a report no entry point makes (an export was removed?): run npm run api:update']);
    expect(run('update')).toEqual([]);
    expect(run('check')).toEqual([]);
  });
});
