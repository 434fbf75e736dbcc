import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '@xcap/bridge';
import { parseProvidersArgs, runConformanceCli, samplePhotos } from '../src/index.js';
import { conformanceCli, ensureFreshBuild, nodeProviderPath, pythonProviderPath } from '@xcap/test-support';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

/** The reference Node provider of @xcap/provider-protocol's tests (plain JS). */
const nodeProvider = nodeProviderPath;
const pythonProvider = pythonProviderPath;
const bin = fileURLToPath(new URL('../bin/xcap-conformance.js', import.meta.url));
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function cli(args: readonly string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runConformanceCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('xcap-conformance providers -- <command>', () => {
  it('the reference Node provider passes the native conformance suite', async () => {
    const run = await cli(['providers', '--', process.execPath, nodeProvider]);
    expect(run.err).toEqual([]);
    expect(run.out[0]).toBe(`provider node-test-provider 1.0.0 (${process.execPath} ${nodeProvider}): files, notifications, photos, print, share`);
    expect(run.out.slice(1, -1)).toEqual([]);
    const totals = /^(\d+) passed, 0 failed$/.exec(run.out.at(-1) ?? '');
    expect(Number(totals?.[1])).toBeGreaterThanOrEqual(12);
    expect(run.code).toBe(0);
  });

  it('the Python reference provider (examples/python-provider) passes it too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-conformance-photos-'));
    dirs.push(dir);
    for (const photo of samplePhotos()) await writeFile(join(dir, photo.name), decodeBase64(photo.data) ?? new Uint8Array());
    const run = await cli(['providers', '--', 'python3', pythonProvider, '--photos', dir]);
    expect(run.out[0]).toMatch(/^provider \S+ \S+ \(python3 .*\): notifications, photos$/);
    expect(run.out.slice(1, -1)).toEqual([]);
    expect(run.out.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    expect(run.code).toBe(0);
  });

  it('a provider answering off nativeOutputSchema fails those tests: FAIL lines naming the tool and the violation, exit 1; --json and --junit report them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-conformance-'));
    dirs.push(dir);
    const junit = join(dir, 'report.xml');
    const run = await cli(['providers', '--junit', junit, '--', process.execPath, nodeProvider, '--capabilities', 'share,print', '--break', 'share']);
    expect(run.code).toBe(1);
    const fails = run.out.filter((l) => l.startsWith('FAIL '));
    expect(fails.length).toBeGreaterThanOrEqual(1);
    for (const line of fails)
      expect(line).toMatch(/^FAIL share › share_send: .+: providers\.share\.send\(.*\) structuredContent breaks nativeOutputSchema at \//);
    expect(run.out.at(-1)).toMatch(new RegExp(`^\\d+ passed, ${fails.length} failed$`));
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain(`failures="${fails.length}"`);
    expect(xml).toMatch(/<testsuite name="share" tests="\d+" failures="\d+"/);
    expect(xml).toMatch(/<testsuite name="print" tests="\d+" failures="0"/);

    const json = await cli(['providers', '--json', '--', process.execPath, nodeProvider, '--capabilities', 'share', '--break', 'share']);
    const doc = JSON.parse(json.out.join('\n')) as { provider: { name: string }; failed: number; tests: { name: string; status: string; message?: string }[] };
    expect(doc.provider.name).toBe('node-test-provider');
    expect(doc.failed).toBe(doc.tests.filter((t) => t.status === 'failed').length);
    expect(doc.failed).toBeGreaterThan(0);
    expect(doc.tests.find((t) => t.status === 'failed')?.message).toContain('breaks nativeOutputSchema');
  });

  it('a provider that leaves a native tool out of providers/describe fails its tests (a conformant provider implements everything), exit 1', async () => {
    const run = await cli(['providers', '--', process.execPath, nodeProvider, '--capabilities', 'photos,share', '--omit', 'photos_get']);
    expect(run.err).toEqual([expect.stringMatching(/^xcap: provider ".*" describes photos without photos_get: it answers unavailable$/)]);
    expect(run.code).toBe(1);
    const fails = run.out.filter((l) => l.startsWith('FAIL '));
    expect(fails.length).toBeGreaterThanOrEqual(1);
    for (const line of fails) expect(line).toMatch(/^FAIL photos › photos_get: .+: providers\.photos\.get is missing: implement it/);
    expect(run.out.at(-1)).toMatch(new RegExp(`^[1-9]\\d* passed, ${fails.length} failed$`));
  });

  it('a provider that cannot serve is exit 2 with one line per problem, and nothing runs', async () => {
    const describe = JSON.stringify({ protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { share: ['send', 'fax'] } });
    const run = await cli(['providers', '--', process.execPath, nodeProvider, '--describe', describe]);
    expect(run.code).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.err).toEqual([
      expect.stringMatching(/^xcap-conformance: providers: ".*": capabilities\.share: "fax" is not a native tool of share in the catalog/),
    ]);
    const missing = await cli(['providers', '--', '/nonexistent/provider']);
    expect(missing).toMatchObject({ code: 2, err: [expect.stringMatching(/cannot start: spawn \/nonexistent\/provider ENOENT/)] });
  });

  it('reads its arguments: options before the command, -- optional, bad usage exit 2', async () => {
    expect(parseProvidersArgs(['--json', '--timeout', '200', '--', 'swift', 'run', 'MyProviders', '--json'])).toEqual({
      action: 'run',
      command: ['swift', 'run', 'MyProviders', '--json'],
      json: true,
      junit: undefined,
      timeoutMs: 200,
      host: undefined,
    });
    expect(parseProvidersArgs(['python3', 'p.py'])).toMatchObject({ action: 'run', command: ['python3', 'p.py'] });
    expect(parseProvidersArgs(['--']).action).toBe('usageError');
    expect(parseProvidersArgs(['--timeout', 'soon', '--', 'x'])).toMatchObject({ action: 'usageError', message: expect.stringContaining('--timeout') });
    expect((await cli(['providers', '--frobnicate', '--', 'x'])).code).toBe(2);
    expect((await cli(['providers', '--help'])).out[0]).toMatch(/^usage: xcap-conformance providers/);
  });

  it('the built command runs it the same way (what a CI job runs)', async () => {
    ensureFreshBuild(conformanceCli);
    const child = spawn(process.execPath, [bin, 'providers', '--', process.execPath, nodeProvider, '--capabilities', 'photos'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toMatch(/\n\d+ passed, 0 failed\n$/);
    expect(code).toBe(0);
  });
});
