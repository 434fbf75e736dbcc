/**
 * `xcap-conformance providers -- <command>` (the built bin of
 * @xcap/host-testing) against the reference providers: the Python one with
 * a photo folder passes every test of photos and notifications; the Java
 * one (compiled with javac; skipped, saying why, without it) passes those
 * of notifications.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogFile } from './native-schemas.js';
import { photoFolder, type PhotoFolder } from './photo-folder.js';
import { javaProviderDir, pythonProvider, repoRoot } from './repo-paths.js';
import { conformanceBin, requireBuilt, runNode } from './xcap-cli.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

interface ConformanceReport {
  readonly provider: { readonly name: string; readonly capabilities: readonly string[] };
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly tests: readonly { readonly name: string; readonly status: string }[];
}

const hasJavac = spawnSync('javac', ['-version']).error === undefined;
if (!hasJavac) console.warn('skipped: javac is not on PATH, so the Java provider is not run under xcap-conformance providers here');

/** The catalog's native tools of `capability` with a v1 contract, as `<capability>_<tool>`. */
function nativeTools(capability: string): string[] {
  const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as { tools: { name: string; runs: string }[] };
  return catalog.tools.filter((t) => t.runs === 'native' && t.name.startsWith(`${capability}_`)).map((t) => t.name);
}

async function conformance(command: readonly string[]): Promise<ConformanceReport> {
  const run = await runNode(conformanceBin, ['providers', '--json', '--', ...command]);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout) as ConformanceReport;
}

/** Every test passed, none skipped, and each native tool of `capabilities` was called by at least one test. */
function expectAllPassed(report: ConformanceReport, capabilities: readonly string[]): void {
  expect(report.tests.filter((t) => t.status !== 'passed')).toEqual([]);
  expect(report.failed).toBe(0);
  expect(report.skipped).toBe(0);
  expect([...report.provider.capabilities].sort()).toEqual([...capabilities].sort());
  for (const tool of capabilities.flatMap(nativeTools))
    expect(
      report.tests.some((t) => t.name.includes(tool)),
      `no conformance test named ${tool}`,
    ).toBe(true);
}

describe('xcap-conformance providers -- python3 examples/python-provider/xcap_provider.py', () => {
  let folder: PhotoFolder;

  beforeAll(async () => {
    folder = await photoFolder();
    requireBuilt('host-testing');
  });

  afterAll(async () => {
    await rm(folder.dir, { recursive: true, force: true });
  });

  it('passes for photos and notifications with a photo folder', async () => {
    expectAllPassed(await conformance(['python3', pythonProvider, '--photos', folder.dir]), ['notifications', 'photos']);
  });

  it('passes for notifications alone without one', async () => {
    expectAllPassed(await conformance(['env', 'XCAP_PHOTOS_DIR=', 'python3', join(repoRoot, pythonProvider)]), ['notifications']);
  });
});

describe.skipIf(!hasJavac)('xcap-conformance providers -- java XcapProvider', () => {
  let classes = '';

  beforeAll(() => {
    requireBuilt('host-testing');
    classes = mkdtempSync(join(tmpdir(), 'xcap-java-provider-'));
    const compiled = spawnSync('javac', ['-d', classes, join(repoRoot, javaProviderDir, 'XcapProvider.java')], { encoding: 'utf8' });
    expect(compiled.status, compiled.stderr).toBe(0);
  });

  afterAll(() => {
    if (classes !== '') rmSync(classes, { recursive: true, force: true });
  });

  it('passes for notifications', async () => {
    expectAllPassed(await conformance(['java', '-cp', classes, 'XcapProvider']), ['notifications']);
  });
});
