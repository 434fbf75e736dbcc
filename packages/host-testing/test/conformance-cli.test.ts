import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runConformanceCli } from '../src/index.js';
import { fixtureDoc, fixturePath } from './fixture.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let dir = '';
let corrupted = '';
let invalid = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xcap-conformance-'));
  const doc = fixtureDoc();
  doc.bridgeCases[3].expected.isError = 'gone';
  corrupted = join(dir, 'corrupted.json');
  writeFileSync(corrupted, JSON.stringify(doc));
  const bad = fixtureDoc();
  bad.tools[0].runs = 'sometimes';
  invalid = join(dir, 'invalid.json');
  writeFileSync(invalid, JSON.stringify(bad));
  writeFileSync(join(dir, 'broken.json'), '{"scopePattern": ');
});

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runConformanceCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('xcap-conformance as a child process', () => {
  it('prints "102 passed, 0 failed" on the fixture and exits 0', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/bin/xcap-conformance.ts', fixturePath], { cwd: packageDir, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('102 passed, 0 failed\n');
    expect(child.status).toBe(0);
  });

  it('prints one line per failing case and exits 1', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/bin/xcap-conformance.ts', corrupted], { cwd: packageDir, encoding: 'utf8' });
    expect(child.stdout).toBe(
      'FAIL bridgeCases[3] "a native error passes through": expected {"result":{"isError":"gone","outcome":"isError"}} got {"result":{"isError":"notFound","outcome":"isError"}}\n101 passed, 1 failed\n',
    );
    expect(child.status).toBe(1);
  });

  it('exits 2 with a clear message for an invalid catalog', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/bin/xcap-conformance.ts', invalid], { cwd: packageDir, encoding: 'utf8' });
    expect(child.stderr).toBe(`xcap-conformance: ${invalid}: not a valid catalog: /tools/0/runs: must be "native" or "engine"\n`);
    expect(child.status).toBe(2);
  });
});

describe('runConformanceCli', () => {
  it('usage without files', async () => {
    const { code, out, err } = await run();
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toMatch(/^usage: xcap-conformance <catalog\.json>/);
  });

  it('an unreadable file and a file that is not JSON are bad input; the others still run', async () => {
    const { code, out, err } = await run(join(dir, 'missing.json'), join(dir, 'broken.json'), fixturePath);
    expect(code).toBe(2);
    expect(err).toHaveLength(2);
    expect(err[0]).toMatch(/missing\.json: cannot read: ENOENT/);
    expect(err[1]).toMatch(/broken\.json: not JSON: /);
    expect(out).toEqual(['102 passed, 0 failed']);
  });

  it('several files: failures name their file, the totals add up', async () => {
    const { code, out } = await run(fixturePath, corrupted);
    expect(code).toBe(1);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(new RegExp(`^FAIL ${corrupted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} bridgeCases\\[3\\] `));
    expect(out[1]).toBe('203 passed, 1 failed');
  });
});
