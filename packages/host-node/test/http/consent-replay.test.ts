import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp, type HttpServe } from '../../src/mcp/serve-http.js';
import { consentNoncePath, dataPaths, FileGrantStore, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { existsSync } from 'node:fs';
import { httpManifest, httpWorkspace } from './http-workspace.js';
import { modernCall } from './modern-call.js';

// A database-free setup of several hosts: two processes' worth of serveHttp on one data directory and one key.
vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A workspace and a way to open any number of hosts on its data directory, all with one consent key. */
async function hosts(): Promise<{ data: string; open: () => Promise<HttpServe> }> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  const consentKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return {
    data: ws.data,
    open: async () => {
      const serve = await serveHttp({
        manifest: httpManifest,
        dataDir: ws.data,
        photosDir: ws.photos,
        listen: '127.0.0.1:0',
        foreground: true,
        consent: 'elicit',
        consentKey,
        log: () => undefined,
      });
      cleanup.push(() => serve.close());
      return serve;
    },
  };
}

const call = { name: 'photos__list', arguments: { limit: 1 } };
const allow = { consent: { action: 'accept', content: { answer: 'allow' } } };

describe('serve --http: a consent requestState is answered once, by its own token, across the hosts of one store', () => {
  it('answered on one host, replayed on another after a revoke: asked again, nothing granted', async () => {
    const { data, open } = await hosts();
    const [one, two] = [await open(), await open()];
    const token = await new FileTokenStore(tokenFilePath(data)).add('agent');
    const grants = new FileGrantStore(dataPaths(data).consent);
    const asked = await modernCall(one.url, token, call);
    expect(asked['resultType']).toBe('input_required');
    const retry = { ...call, inputResponses: allow, requestState: asked['requestState'] };
    expect((await modernCall(one.url, token, retry))['isError']).toBeUndefined();
    expect(await grants.get('acme.album', 'photos.read')).toBe('granted');
    expect(existsSync(consentNoncePath(data))).toBe(true);
    await grants.delete('acme.album', 'photos.read');
    const replayed = await modernCall(two.url, token, retry);
    expect(replayed['resultType']).toBe('input_required');
    expect(await grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it("another token's client presenting the state is asked again; the asked token's retry is granted", async () => {
    const { data, open } = await hosts();
    const serve = await open();
    const tokens = new FileTokenStore(tokenFilePath(data));
    const [asked, other] = [await tokens.add('asked'), await tokens.add('other')];
    const grants = new FileGrantStore(dataPaths(data).consent);
    const state = (await modernCall(serve.url, asked, call))['requestState'];
    const stolen = await modernCall(serve.url, other, { ...call, inputResponses: allow, requestState: state });
    expect(stolen['resultType']).toBe('input_required');
    expect(await grants.get('acme.album', 'photos.read')).toBeUndefined();
    expect((await modernCall(serve.url, asked, { ...call, inputResponses: allow, requestState: state }))['isError']).toBeUndefined();
    expect(await grants.get('acme.album', 'photos.read')).toBe('granted');
  });
});
