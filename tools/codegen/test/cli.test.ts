import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', join(root, 'tools/codegen/tsconfig.json'), join(root, 'tools/codegen/src/cli.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('xcap-codegen --check on a copy of the catalog package', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-check-'));
    for (const part of ['src', 'native', 'package.json']) cpSync(join(root, 'packages/catalog', part), join(dir, part), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on the committed output, fails naming a hand-edited file, and a regeneration mends it', () => {
    expect(run('--out', dir, '--check').status).toBe(0);
    appendFileSync(join(dir, 'src/generated/client.ts'), '// a hand edit\n');
    const failed = run('--out', dir, '--check');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/stale: .*src\/generated\/client\.ts/);
    expect(run('--out', dir).status).toBe(0);
    expect(run('--out', dir, '--check').status).toBe(0);
  }, 120_000);

  it('refuses a bad catalog with exit 2 and the pointer', () => {
    const bad = run('--catalog', join(root, 'package.json'), '--out', dir, '--check');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^xcap-codegen: package\.json: \d+ problems\n {2}\/scopePattern: is required\n/);
  }, 60_000);

  it('needs the tool table beside the catalog (or --annotations) in the package layout, and checks the one it is given', () => {
    const alone = join(dir, 'alone.json');
    writeFileSync(alone, readFileSync(join(root, 'fixtures/capabilities.json')));
    const missing = run('--catalog', alone, '--out', dir, '--check');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^xcap-codegen: .*tool-annotations\.json: missing — the tool table/);
    const table = JSON.parse(readFileSync(join(root, 'fixtures/tool-annotations.json'), 'utf8'));
    delete table.tools.share_send;
    writeFileSync(join(dir, 'short.json'), JSON.stringify(table));
    const short = run('--catalog', alone, '--annotations', join(dir, 'short.json'), '--out', dir, '--check');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain(`/tools/share_send: no row for the catalog's tool "share_send"`);
    // With the full table it gets past the table: only the headers differ (they name alone.json), so --check says stale.
    const full = run('--catalog', alone, '--annotations', join(root, 'fixtures/tool-annotations.json'), '--out', dir, '--check');
    expect(full.status).toBe(1);
    expect(full.stderr).toMatch(/^stale: /);
  }, 60_000);
});

describe('xcap-codegen into a standalone folder', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-standalone-'));
    writeFileSync(join(dir, 'catalog.json'), readFileSync(join(root, 'fixtures/capabilities.json')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const here = (...args: string[]) =>
    spawnSync(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', join(root, 'tools/codegen/tsconfig.json'), join(root, 'tools/codegen/src/cli.ts'), ...args], {
      cwd: dir,
      encoding: 'utf8',
    });

  it('writes the modules at the folder root importing only @xcap/catalog/runtime, the catalog named relative to the folder', () => {
    const first = here('--catalog', 'catalog.json', '--out', 'src/xcap');
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/files \(standalone layout\), \d+ written/);
    const client = readFileSync(join(dir, 'src/xcap/client.ts'), 'utf8');
    expect(client.split('\n')[0]).toMatch(/^\/\/ generated from \.\.\/\.\.\/catalog\.json by xcap-codegen \d+\.\d+\.\d+ — do not edit$/);
    expect(client).toContain("import { callTool } from '@xcap/catalog/runtime';");
    expect(readFileSync(join(dir, 'src/xcap/validators/photos-pick.ts'), 'utf8')).toContain("from '@xcap/catalog/runtime';");
    expect(existsSync(join(dir, 'src/xcap/native/Package.swift'))).toBe(true);
    expect(existsSync(join(dir, 'src/xcap/package.json'))).toBe(false);
    expect(here('--catalog', 'catalog.json', '--out', 'src/xcap').stdout).toMatch(/, 0 written$/m);
  }, 120_000);

  it('--check names a hand-edited and an unexpected file; a regeneration removes the file and mends the edit', () => {
    expect(here('--catalog', 'catalog.json', '--out', 'src/xcap', '--check').status).toBe(0);
    appendFileSync(join(dir, 'src/xcap/names.ts'), '// a hand edit\n');
    writeFileSync(join(dir, 'src/xcap/extra.ts'), 'export {};\n');
    const failed = here('--catalog', 'catalog.json', '--out', 'src/xcap', '--check');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('stale: src/xcap/names.ts');
    expect(failed.stderr).toContain('unexpected: src/xcap/extra.ts');
    expect(here('--catalog', 'catalog.json', '--out', 'src/xcap').status).toBe(0);
    expect(existsSync(join(dir, 'src/xcap/extra.ts'))).toBe(false);
    expect(here('--catalog', 'catalog.json', '--out', 'src/xcap', '--check').status).toBe(0);
  }, 120_000);

  it('refuses a folder of files it did not write, and an installed @xcap/catalog, with exit 2', () => {
    mkdirSync(join(dir, 'src/app'), { recursive: true });
    writeFileSync(join(dir, 'src/app/main.ts'), 'export {};\n');
    const foreign = here('--catalog', 'catalog.json', '--out', 'src/app');
    expect(foreign.status).toBe(2);
    expect(foreign.stderr).toMatch(/src\/app holds files xcap-codegen did not write/);
    expect(readFileSync(join(dir, 'src/app/main.ts'), 'utf8')).toBe('export {};\n');
    const installed = join(dir, 'node_modules/@xcap/catalog');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: '@xcap/catalog', version: '0.1.0' }));
    const intoInstalled = here('--catalog', 'catalog.json', '--out', installed);
    expect(intoInstalled.status).toBe(2);
    expect(intoInstalled.stderr).toMatch(/is an installed @xcap\/catalog/);
  }, 120_000);

  it('names the file for an unreadable, a non-JSON and a broken catalog', () => {
    const missing = here('--catalog', 'nope.json', '--out', 'src/other');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('xcap-codegen: cannot read nope.json: ENOENT\n');
    writeFileSync(join(dir, 'broken.json'), '{');
    const notJson = here('--catalog', 'broken.json', '--out', 'src/other');
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toMatch(/^xcap-codegen: broken\.json: not JSON: line 1, column 2: unexpected end of the text\n {2}\{\n {3}\^/);
    const doc = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8'));
    doc.capabilities[0].lable = doc.capabilities[0].label;
    delete doc.capabilities[0].label;
    writeFileSync(join(dir, 'typo.json'), JSON.stringify(doc));
    const typo = here('--catalog', 'typo.json', '--out', 'src/other');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe('xcap-codegen: typo.json: /capabilities/0 (camera)/lable: is not a known key (did you mean `label`?)\n');
    expect(existsSync(join(dir, 'src/other'))).toBe(false);
  }, 120_000);
});
