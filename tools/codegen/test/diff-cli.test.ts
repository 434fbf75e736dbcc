import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDiffCli } from '../src/diff/diff-cli.js';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureText = readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8');

function run(argv: string[], cwd: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runDiffCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

describe('xcap-codegen diff (command line)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-diff-'));
    const doc = JSON.parse(fixtureText);
    const pick = doc.tools.find((t: { name: string }) => t.name === 'photos_pick');
    pick.inputSchema.properties.limit.maximum = 20;
    pick.description = 'Pick photos.';
    writeFileSync(join(dir, 'old.json'), fixtureText);
    writeFileSync(join(dir, 'new.json'), JSON.stringify(doc));
    const patchOnly = JSON.parse(fixtureText);
    patchOnly.capabilities[0].label = 'Webcam';
    writeFileSync(join(dir, 'patch.json'), JSON.stringify(patchOnly));
    writeFileSync(join(dir, 'not-json.json'), '{ nope');
    const invalid = JSON.parse(fixtureText);
    invalid.capabilities[0].scopes[0].consent = 'sometimes';
    writeFileSync(join(dir, 'invalid.json'), JSON.stringify(invalid));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one line per change (pointer, class, reason) and the bump', () => {
    const r = run(['old.json', 'new.json'], dir);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\/tools\/\d+\/description {2}patch {2}photos_pick: description changed$/);
    expect(lines[1]).toMatch(
      /^\/tools\/\d+\/inputSchema\/properties\/limit\/maximum {2}major {2}photos_pick input: narrowed: maximum tightened 50 → 20 \[breaks callers\]$/,
    );
    expect(lines[2]).toBe('bump: major (1 major, 0 minor, 1 patch)');
    expect(lines[3]).toBe("breaks: 1 for callers (apps, agents, manifests), 0 for providers (every host's native provider)");
  });

  it('--json gives the same as data', () => {
    const r = run(['old.json', 'new.json', '--json'], dir);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out);
    expect(data.old).toBe('old.json');
    expect(data.new).toBe('new.json');
    expect(data.bump).toBe('major');
    expect(data.changes.map((c: { class: string }) => c.class)).toEqual(['patch', 'major']);
    expect(data.changes[1].pointer).toMatch(/\/inputSchema\/properties\/limit\/maximum$/);
  });

  it('no change: exit 0, bump none, and --changeset writes nothing', () => {
    const out = join(dir, 'none');
    const r = run(['old.json', 'old.json', '--changeset', out], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('no changes\nbump: none');
    expect(r.out).toContain('changeset: none written');
    expect(() => readdirSync(out)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('--changeset [dir] writes the changeset for @xcap/catalog with the bump (default folder ./.changeset)', () => {
    const r = run(['old.json', 'patch.json', '--changeset'], dir);
    expect(r.code).toBe(0);
    const files = readdirSync(join(dir, '.changeset'));
    expect(files).toHaveLength(1);
    const text = readFileSync(join(dir, '.changeset', files[0] ?? ''), 'utf8');
    expect(text.startsWith('---\n"@xcap/catalog": patch\n---\n\n')).toBe(true);
    expect(text).toContain('- patch: capability "camera": label "Camera" → "Webcam" (`/capabilities/0/label`)');
    expect(r.out).toContain(`changeset: ${join('.changeset', files[0] ?? '')} (@xcap/catalog: patch)`);

    const again = run(['old.json', 'new.json', '--json', '--changeset', 'sets', '--package', '@acme/catalog'], dir);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out).bump).toBe('major');
    expect(again.err).toMatch(/^changeset: sets\/catalog-major-[0-9a-f]{10}\.md \(@acme\/catalog: major\)\n$/);
    const [set] = readdirSync(join(dir, 'sets'));
    expect(readFileSync(join(dir, 'sets', set ?? ''), 'utf8')).toMatch(/^---\n"@acme\/catalog": major\n---\n/);
  });

  it('bad input: exit 2 with one message naming the file', () => {
    const missing = run(['old.json', 'gone.json'], dir);
    expect(missing).toEqual({ code: 2, out: '', err: 'xcap-codegen diff: gone.json: cannot read (ENOENT)\n' });
    const notJson = run(['not-json.json', 'old.json'], dir);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(
      /^xcap-codegen diff: not-json\.json: not JSON: line 1, column 3: expected a property name in double quotes, found 'n'\n {2}\{ nope\n {4}\^/,
    );
    const invalid = run(['old.json', 'invalid.json'], dir);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(/^xcap-codegen diff: invalid\.json: .*\/capabilities\/0.*\/scopes\/0\/consent/);
    expect(invalid.out).toBe('');
  });

  it('bad arguments: exit 2 with the usage; --help exit 0', () => {
    for (const argv of [['old.json'], ['old.json', 'new.json', '--yaml'], ['old.json', 'new.json', 'third.json'], ['old.json', 'new.json', '--package']]) {
      const r = run(argv, dir);
      expect(r.code).toBe(2);
      expect(r.err).toContain('usage: xcap-codegen diff <old.json> <new.json>');
    }
    const help = run(['--help'], dir);
    expect(help.code).toBe(0);
    expect(help.out).toContain('exit codes: 0');
  });

  it('runs as `xcap-codegen diff` from the real command line', () => {
    const cli = (...args: string[]) =>
      spawnSync(
        join(root, 'node_modules/.bin/tsx'),
        ['--tsconfig', join(root, 'tools/codegen/tsconfig.json'), join(root, 'tools/codegen/src/cli.ts'), 'diff', ...args],
        { cwd: dir, encoding: 'utf8' },
      );
    const ok = cli('old.json', 'new.json', '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).bump).toBe('major');
    const bad = cli('old.json', 'not-json.json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^xcap-codegen diff: not-json\.json: not JSON/);
  }, 60_000);
});
