import { describe, it, expect, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createFakeHost, sampleNatives } from '../src/index.js';
import { nativeConformanceSuite, type ConformanceNode } from '../src/conformance.js';
import { tapResults } from './selftest/tap-results.js';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface JsonReport {
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** The tests of broken-providers.ts that must fail (suite title dropped), and what each failure must say. */
const mustFail = [
  'every skip names a test of this suite',
  'files files_save: full',
  'files files_save: minimal (fileId)',
  'files files_save: minimal (text)',
  'notifications notifications_post: full',
  'notifications notifications_post: minimal',
  'photos photos_get: minimal',
  'photos photos_list: full',
  'photos photos_list: minimal',
  'photos photos_pick: full',
  'photos photos_pick: minimal',
  'print print_print: full',
  'print print_print: minimal',
  'share share_send: full',
  'share share_send: minimal (fileId)',
  'share share_send: minimal (text)',
  'share share_send: minimal (url)',
].sort();
const reasons: Record<string, string> = {
  'photos photos_pick: minimal': 'structuredContent breaks nativeOutputSchema at /photos/0/name (required)',
  'photos photos_list: minimal': 'threw: no library',
  'photos photos_get: minimal': 'isError must be a non-empty reason',
  'share share_send: minimal (text)': 'did not answer within 50 ms',
  'files files_save: minimal (text)': 'providers.files.save is missing',
  'notifications notifications_post: minimal': 'answered unexpected keys "content"',
  'print print_print: minimal': 'answered string, not {structuredContent} or {isError}',
  'every skip names a test of this suite': 'photos_delete',
};
const mustPass = [
  'every provided capability is in the catalog and served by this host',
  'files files_open: minimal',
  'files files_open: full',
  'notifications notifications_cancel: minimal',
];
const suiteTitle = 'xcap native conformance ';

function nodeTest(file: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--import', './test/selftest/forbid-vitest.mjs', '--test', '--test-reporter=tap', file], {
    cwd: packageDir,
    encoding: 'utf8',
  });
}

function leafCount(node: ConformanceNode): number {
  return node.kind === 'test' ? 1 : node.children.reduce((n, child) => n + leafCount(child), 0);
}

describe('runNativeConformance fails broken providers', () => {
  it('vitest entry: reports exactly the broken tools, each with its reason', () => {
    const child = spawnSync(
      process.execPath,
      ['../../node_modules/vitest/vitest.mjs', 'run', '--config', 'test/selftest/vitest.selftest.config.ts', '--reporter=json'],
      {
        cwd: packageDir,
        encoding: 'utf8',
      },
    );
    expect(child.status).toBe(1);
    const report = JSON.parse(child.stdout.slice(child.stdout.indexOf('{'))) as JsonReport;
    const results = report.testResults.flatMap((file) => file.assertionResults);
    const failed = Object.fromEntries(
      results.filter((r) => r.status === 'failed').map((r) => [r.fullName.replace(suiteTitle, ''), r.failureMessages.join('\n')]),
    );
    expect(Object.keys(failed).sort()).toEqual(mustFail);
    for (const [name, reason] of Object.entries(reasons)) expect(failed[name]).toContain(reason);
    const passed = results.filter((r) => r.status === 'passed').map((r) => r.fullName.replace(suiteTitle, ''));
    expect(passed).toEqual(mustPass);
  });

  it('node:test entry (vitest never loaded): the same tests fail for the same reasons, the same pass', () => {
    const child = nodeTest('test/selftest/broken-providers.node-test.ts');
    expect(child.status).toBe(1);
    expect(child.stderr).not.toContain('vitest was imported');
    const results = tapResults(child.stdout);
    const failed = Object.fromEntries(results.filter((r) => r.status === 'failed').map((r) => [r.fullName.replace(suiteTitle, ''), r.error]));
    expect(Object.keys(failed).sort()).toEqual(mustFail);
    for (const [name, reason] of Object.entries(reasons)) expect(failed[name]).toContain(reason);
    expect(results.filter((r) => r.status === 'passed').map((r) => r.fullName.replace(suiteTitle, ''))).toEqual(mustPass);
  });
});

describe('runNativeConformance under node:test', () => {
  it('passes the fake host: every test of the suite ran (the skipped ones skipped), none failed', () => {
    const child = nodeTest('test/selftest/fake-host.node-test.ts');
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const results = tapResults(child.stdout);
    const suite = nativeConformanceSuite({
      host: 'ede',
      createProviders: () => createFakeHost({ host: 'ede', natives: sampleNatives() }).providers,
      skip: [{ reason: 'example: this fake has no printer', tests: ['print_print'] }],
    });
    expect(results).toHaveLength(leafCount(suite));
    expect(results.filter((r) => r.status === 'failed')).toEqual([]);
    expect(results.filter((r) => r.status === 'skipped').map((r) => r.fullName)).toEqual([
      'xcap native conformance (host ede) print print_print: minimal — skipped: example: this fake has no printer',
      'xcap native conformance (host ede) print print_print: full — skipped: example: this fake has no printer',
    ]);
  });

  it('a file that imports the vitest entry is refused by the guard, so the guard can fail', () => {
    const child = nodeTest('test/selftest/broken-providers.selftest.ts');
    expect(child.status).toBe(1);
    expect(child.stdout + child.stderr).toContain('vitest was imported');
  });
});
