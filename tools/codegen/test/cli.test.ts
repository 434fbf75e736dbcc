import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', join(root, 'tools/codegen/tsconfig.json'), join(root, 'tools/codegen/src/cli.ts'), ...args], { cwd: root, encoding: 'utf8' });

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
});
