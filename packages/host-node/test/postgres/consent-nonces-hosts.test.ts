import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { killServe, spawnHttpServe, type HttpServeProcess } from '../e2e/http-process.js';
import { runXcap } from '../e2e/xcap-process.js';
import { httpWorkspace } from '../http/http-workspace.js';
import { modernCall } from '../http/modern-call.js';
import { freshDatabase, queryRows } from './postgres-fixture.js';
import { storeUrlFile, usePostgresHosts } from './postgres-hosts.js';

// Child processes and a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const { server, cleanup } = usePostgresHosts();

describe('xcap serve --http --store: a consent state answered on one host is spent on every host of the database', () => {
  it('answered through host a, replayed to host b after xcap revoke: asked again, nothing granted; the nonce is in the database', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const url = await freshDatabase(server());
    const start = async (name: string): Promise<HttpServeProcess> => {
      const data = join(ws.root, `data-${name}`);
      await mkdir(data, { recursive: true, mode: 0o700 });
      const urlFile = await storeUrlFile(ws.root, name, url);
      const serve = await spawnHttpServe([
        ...['--manifest', ws.manifest, '--data', data, '--photos', ws.photos, '--store-file', urlFile, '--host-name', name],
        ...['--http', '127.0.0.1:0', '--foreground', '--consent', 'elicit'],
      ]);
      cleanup.push(() => killServe(serve));
      return serve;
    };
    const [a, b] = [await start('a'), await start('b')];
    const added = await runXcap(['token', 'add', 'agent'], { XCAP_STORE: url });
    expect(added.code, added.stderr).toBe(0);
    const token = added.stdout.trim();
    const call = { name: 'photos__list', arguments: { limit: 1 } };
    const asked = await modernCall(a.url, token, call);
    expect(asked['resultType']).toBe('input_required');
    const retry = { ...call, inputResponses: { consent: { action: 'accept', content: { answer: 'allow' } } }, requestState: asked['requestState'] };
    expect((await modernCall(a.url, token, retry))['isError']).toBeUndefined();
    expect(await queryRows(url, 'SELECT count(*)::int AS n FROM xcap_consent_nonces')).toEqual([{ n: 1 }]);
    expect((await runXcap(['revoke', 'acme.album', 'photos.read'], { XCAP_STORE: url })).code).toBe(0);
    expect((await modernCall(b.url, token, retry))['resultType']).toBe('input_required');
    expect(await queryRows(url, 'SELECT scope FROM xcap_grants')).toEqual([]);
  });
});
