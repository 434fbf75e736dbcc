/**
 * `xcap serve --consent console` (the built bundle, a real child) whose
 * client closes stdin while a call waits on a consent sheet in the console:
 * the process exits within 5 s (not after the 600 s consent timeout), the
 * call answered `consentNeeded` with its one audit row and nothing stored.
 * Its start line says how long a call waits and how long a sheet stays.
 */
import { rm } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rawServe } from './raw-rpc.js';
import { requireBuilt, runXcap, workspace } from './xcap-process.js';
import { auditRows } from '../http/http-workspace.js';
import { consoleLoginUrl } from '../console-e2e/console-login-url.js';
import { signIn, waitForPending } from '../../../console/test/console-client.js';

// A real xcap serve child on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

describe('xcap serve --consent console: the client closes stdin while a call waits on the person', () => {
  it('exits within 5 s; the call answered consentNeeded with its row; nothing stored', async () => {
    const ws = await workspace();
    try {
      const serve = await rawServe(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'console']);
      // The defaults with --consent console: a call waits 50 s, the sheet stays 600 s.
      expect(serve.stderr()).toContain('foreground, consent console (a call waits 50 s on a sheet (600 s with a progress token), which stays 600 s)');
      const session = await signIn((await consoleLoginUrl(() => serve.stderr())).href);
      const call = serve.request(1, 'tools/call', { name: 'photos__list', arguments: {} });
      await waitForPending(session, 'consent');
      const started = performance.now();
      const code = await serve.end();
      const took = performance.now() - started;
      expect(code).toBe(0);
      expect(took).toBeLessThan(5_000);
      expect((await call).result).toMatchObject({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
      expect(auditRows(ws.data).map((row) => [row.tool, row.status, row.error])).toEqual([['photos__list', 'denied', 'consentNeeded']]);
      expect(JSON.parse((await runXcap(['grants', '--json', '--data', ws.data])).stdout)).toEqual({});
    } finally {
      await rm(ws.root, { recursive: true, force: true });
    }
  });

  it('--consent-wait and --consent-timeout as given reach the start line', async () => {
    const ws = await workspace();
    try {
      const serve = await rawServe([
        '--manifest',
        ws.manifest,
        '--data',
        ws.data,
        '--foreground',
        '--consent',
        'prompt',
        '--consent-wait',
        '3',
        '--consent-timeout',
        '30',
      ]);
      expect(serve.stderr()).toContain('foreground, consent prompt (a call waits 3 s on a sheet (30 s with a progress token), which stays 30 s)');
      expect(await serve.end()).toBe(0);
    } finally {
      await rm(ws.root, { recursive: true, force: true });
    }
  });
});
