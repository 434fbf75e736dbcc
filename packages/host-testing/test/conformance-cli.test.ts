import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseKinds } from '@xcap/catalog';
import { builtinCasesPath, cliUsage, loadBuiltinCases, parseCliArgs, runConformanceCli } from '../src/index.js';
import { fixtureCaseCount, fixtureDoc, fixturePath } from './fixture.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const packageVersion = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
const total = fixtureCaseCount();
let dir = '';
let corrupted = '';
let invalid = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xcap-conformance-'));
  const doc = fixtureDoc();
  doc.bridgeCases[3].expected.isError = 'gone';
  doc.decideCases[0].name = 'a <tricky> & "quoted" \u0001 name';
  doc.decideCases[0].expected.verdict = 'deny';
  corrupted = join(dir, 'corrupted.json');
  writeFileSync(corrupted, JSON.stringify(doc));
  const bad = fixtureDoc();
  bad.tools[0].runs = 'sometimes';
  invalid = join(dir, 'invalid.json');
  writeFileSync(invalid, JSON.stringify(bad));
  writeFileSync(join(dir, 'broken.json'), '{"scopePattern": ');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], builtinCases?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runConformanceCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, builtinCases === undefined ? {} : { builtinCases });
  return { code, out, err };
}

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/bin/xcap-conformance.ts', ...args], { cwd: packageDir, encoding: 'utf8' });
}

describe('xcap-conformance as a child process', () => {
  it(`prints "${total} passed, 0 failed" on the fixture and exits 0`, () => {
    const child = cli(fixturePath);
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(`${total} passed, 0 failed\n`);
    expect(child.status).toBe(0);
  });

  it('prints one line per failing case and exits 1', () => {
    const child = cli(corrupted);
    const lines = child.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^FAIL decideCases\[0\] "a <tricky> & \\"quoted\\" \\u0001 name": expected \{"verdict":"deny",.* got \{"verdict":"call",/);
    expect(lines[1]).toBe(
      'FAIL bridgeCases[3] "a native error passes through": expected {"result":{"isError":"gone","outcome":"isError"}} got {"result":{"isError":"notFound","outcome":"isError"}}',
    );
    expect(lines[2]).toBe(`${total - 2} passed, 2 failed`);
    expect(child.status).toBe(1);
  });

  it('exits 2 with a clear message for an invalid catalog, and prints no totals', () => {
    const child = cli(invalid);
    expect(child.stderr).toMatch(/^xcap-conformance: \S+invalid\.json: not a valid catalog: \/tools\/0\b[^\n]*\/runs: must be "native" or "engine"\n$/);
    expect(child.stdout).toBe('');
    expect(child.status).toBe(2);
  });

  it('an unreadable file: one line on stderr, exit 2, no "0 passed, 0 failed" line', () => {
    const missing = join(dir, 'missing.json');
    const child = cli(missing);
    expect(child.stderr).toMatch(new RegExp(`^xcap-conformance: ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot read: ENOENT[^\\n]*\\n$`));
    expect(child.stdout).toBe('');
    expect(child.status).toBe(2);
  });

  it("with no file replays the built-in catalog's own cases", () => {
    const child = cli();
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(`${total} passed, 0 failed\n`);
    expect(child.status).toBe(0);
  });

  it('--help prints the usage on stdout and exits 0', () => {
    const child = cli('--help');
    expect(child.stdout).toBe(`${cliUsage}\n`);
    expect(child.stdout).toMatch(/^usage: xcap-conformance \[options\]/);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });

  it('--version prints the package version and exits 0', () => {
    const child = cli('--version');
    expect(child.stdout).toBe(`${packageVersion}\n`);
    expect(child.status).toBe(0);
  });
});

describe('runConformanceCli', () => {
  it('-h and -v are the short forms; help wins over everything else', async () => {
    expect(await run(['-h'])).toEqual({ code: 0, out: [cliUsage], err: [] });
    expect(await run(['-v'])).toEqual({ code: 0, out: [packageVersion], err: [] });
    expect(await run([fixturePath, '--json', '--help'])).toEqual({ code: 0, out: [cliUsage], err: [] });
  });

  it('an unknown option or --junit without a file is a usage error (exit 2, stderr only)', async () => {
    expect(await run(['--bogus'])).toEqual({ code: 2, out: [], err: ['xcap-conformance: unknown option --bogus (see xcap-conformance --help)'] });
    expect(await run([fixturePath, '--junit'])).toEqual({
      code: 2,
      out: [],
      err: ['xcap-conformance: --junit needs a file: --junit <file> (see xcap-conformance --help)'],
    });
    expect(await run(['--junit='])).toMatchObject({ code: 2, out: [] });
  });

  it('after -- every argument is a file', async () => {
    expect(parseCliArgs(['--json', '--', '--help', 'a.json'])).toEqual({
      action: 'replay',
      builtin: false,
      files: ['--help', 'a.json'],
      json: true,
      junit: undefined,
    });
    const { code, err } = await run(['--', '--help']);
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(/^xcap-conformance: --help: cannot read: ENOENT/)]);
  });

  it('bad inputs: one line each on stderr, nothing replayed, no totals', async () => {
    const { code, out, err } = await run([join(dir, 'missing.json'), join(dir, 'broken.json'), fixturePath, invalid]);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(3);
    expect(err[0]).toMatch(/missing\.json: cannot read: ENOENT/);
    expect(err[1]).toMatch(/broken\.json: not JSON: line 1, column 18: unexpected end of the text$/);
    expect(err[2]).toMatch(/invalid\.json: not a valid catalog: \/tools\/0\b/);
  });

  it('several files: failures name their file, the totals add up', async () => {
    const { code, out } = await run([fixturePath, corrupted]);
    expect(code).toBe(1);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(new RegExp(`^FAIL ${corrupted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} decideCases\\[0\\] `));
    expect(out[2]).toBe(`${2 * total - 2} passed, 2 failed`);
  });

  it('--builtin adds the built-in cases to the files given', async () => {
    const { code, out } = await run(['--builtin', corrupted]);
    expect(code).toBe(1);
    expect(out.at(-1)).toBe(`${2 * total - 2} passed, 2 failed`);
    expect(out[0]).toMatch(/^FAIL \S*corrupted\.json decideCases\[0\]/);
  });

  it('--json prints one JSON document with totals and every failure, and nothing else', async () => {
    const { code, out, err } = await run(['--json', fixturePath, corrupted]);
    expect(code).toBe(1);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    const report = JSON.parse(out[0]!) as {
      passed: number;
      failed: number;
      documents: { file: string; passed: number; failed: number; failures: { kind: string; index: number; name: string; expected: unknown; got: unknown }[] }[];
    };
    expect(report.passed).toBe(2 * total - 2);
    expect(report.failed).toBe(2);
    expect(report.documents.map((d) => [d.file, d.passed, d.failed])).toEqual([
      [fixturePath, total, 0],
      [corrupted, total - 2, 2],
    ]);
    expect(report.documents[1]!.failures[1]).toEqual({
      kind: 'bridgeCases',
      index: 3,
      name: 'a native error passes through',
      expected: { result: { isError: 'gone', outcome: 'isError' } },
      got: { result: { isError: 'notFound', outcome: 'isError' } },
    });
  });

  it('--junit <file> writes JUnit XML with one testcase per case and a failure element per failing one', async () => {
    const file = join(dir, 'junit.xml');
    const { code, out } = await run([`--junit=${file}`, corrupted]);
    expect(code).toBe(1);
    expect(out.at(-1)).toBe(`${total - 2} passed, 2 failed`);
    const xml = readFileSync(file, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="xcap-conformance" ')).toBe(true);
    expect(xml).toContain(`tests="${total}" failures="2"`);
    // The suite is named by the catalog's file name, never by a path of this machine.
    expect([...xml.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1])).toEqual(['corrupted.json']);
    expect(xml).not.toContain(dir);
    expect(xml.match(/<testcase /g)).toHaveLength(total);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    const kinds = caseKinds.filter((kind) => (fixtureDoc()[kind] as unknown[]).length > 0);
    expect([...new Set([...xml.matchAll(/classname="([^"]+)"/g)].map((m) => m[1]))]).toEqual(kinds);
    expect(xml).toContain('name="decideCases[0] a &lt;tricky&gt; &amp; &quot;quoted&quot; \\u0001 name"');
    expect(xml).toContain('<failure message="expected {&quot;result&quot;:{&quot;isError&quot;:&quot;gone&quot;');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('--junit to a folder that does not exist: the run is reported, then exit 2 with one stderr line', async () => {
    const { code, out, err } = await run(['--junit', join(dir, 'no', 'such', 'x.xml'), fixturePath]);
    expect(code).toBe(2);
    expect(out).toEqual([`${total} passed, 0 failed`]);
    expect(err).toEqual([expect.stringMatching(/^xcap-conformance: --junit \S+x\.xml: cannot write: ENOENT/)]);
  });
});

describe('the built-in cases', () => {
  it('ship as dist/capabilities.json, the very fixture the catalog was generated from', async () => {
    const builtin = await loadBuiltinCases();
    expect(builtin).toEqual({ doc: fixtureDoc(), path: builtinCasesPath });
  });

  it("a copy that is not the installed catalog's document is refused, naming both hashes", async () => {
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, readFileSync(fixturePath, 'utf8').replace('"photos"', '"photo"'));
    const { code, out, err } = await run([], stale);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      expect.stringMatching(
        /^xcap-conformance: built-in cases: \S+stale\.json \(sha256 [0-9a-f]{64}\) is not the catalog the installed @xcap\/catalog was generated from \(sha256 [0-9a-f]{64}\)/,
      ),
    ]);
  });

  it('a missing copy says how to make it', async () => {
    const { code, err } = await run(['--builtin'], join(dir, 'absent.json'));
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(/absent\.json is missing \(the package's build copies it: run `npm run build`\)$/)]);
  });
});
