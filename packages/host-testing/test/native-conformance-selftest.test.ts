import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface JsonReport {
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

describe('runNativeConformance fails broken providers', () => {
  it('reports exactly the broken tools, each with its reason', () => {
    const child = spawnSync(process.execPath, ['../../node_modules/vitest/vitest.mjs', 'run', '--config', 'test/selftest/vitest.selftest.config.ts', '--reporter=json'], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(child.status).toBe(1);
    const report = JSON.parse(child.stdout.slice(child.stdout.indexOf('{'))) as JsonReport;
    const results = report.testResults.flatMap((file) => file.assertionResults);
    const failed = Object.fromEntries(results.filter((r) => r.status === 'failed').map((r) => [r.fullName.replace('xcap native conformance ', ''), r.failureMessages.join('\n')]));
    expect(Object.keys(failed).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(failed['photos photos_pick: minimal']).toContain('structuredContent breaks nativeOutputSchema at /photos/0/name (required)');
    expect(failed['photos photos_list: minimal']).toContain('threw: no library');
    expect(failed['photos photos_get: minimal']).toContain('isError must be a non-empty reason');
    expect(failed['share share_send: minimal (text)']).toContain('did not answer within 50 ms');
    expect(failed['files files_save: minimal (text)']).toContain('providers.files.save is missing');
    expect(failed['notifications notifications_post: minimal']).toContain('answered unexpected keys "content"');
    expect(failed['print print_print: minimal']).toContain('answered string, not {structuredContent} or {isError}');
    expect(failed['every skip names a test of this suite']).toContain('photos_delete');
    const passed = results.filter((r) => r.status === 'passed').map((r) => r.fullName.replace('xcap native conformance ', ''));
    expect(passed).toEqual(['every provided capability is in the catalog and served by this host', 'files files_open: minimal', 'files files_open: full', 'notifications notifications_cancel: minimal']);
  });
});
