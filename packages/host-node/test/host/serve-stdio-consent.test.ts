import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { MemoryConsentNonceStore } from '@xcap/broker';
import { checkDataDir, consentNoncePath, dataPaths, FileGrantStore } from '@xcap/store-local';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveStdio, type ServeStdioOptions, type StdioServe } from '../../src/mcp/serve-stdio.js';
import { httpManifest, httpWorkspace } from '../http/http-workspace.js';

vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

/** `serveStdio` on in-process streams, spoken to in raw modern-era lines: `call(params)` answers the result of one tools/call. */
async function serveRaw(
  options: Partial<ServeStdioOptions>,
): Promise<{ data: string; serving: StdioServe; call: (params: object) => Promise<Record<string, unknown>> }> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const serving = await serveStdio({
    manifest: httpManifest,
    dataDir: ws.data,
    photosDir: ws.photos,
    foreground: true,
    consent: 'elicit',
    stdin,
    stdout,
    log: () => undefined,
    ...options,
  });
  cleanup.push(() => serving.close());
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as { id: number; result: Record<string, unknown> };
      buffer = buffer.slice(end + 1);
      waiting.get(answer.id)?.(answer.result);
    }
  });
  let next = 1;
  const call = (params: object) => {
    const id = next++;
    const answered = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { ...params, _meta: envelope } })}\n`);
    return answered;
  };
  return { data: ws.data, serving, call };
}

const call = { name: 'photos__list', arguments: { limit: 1 } };
const allow = { consent: { action: 'accept', content: { answer: 'allow' } } };

describe('serve (stdio): the modern consent state is spent in the host’s nonce store', () => {
  it('the given store takes the claim; the state replayed after a revoke is asked again', async () => {
    const nonces = new MemoryConsentNonceStore();
    const { data, call: send } = await serveRaw({ consentNonces: nonces });
    const asked = await send(call);
    expect(asked['resultType']).toBe('input_required');
    const retry = { ...call, inputResponses: allow, requestState: asked['requestState'] };
    expect((await send(retry))['isError']).toBeUndefined();
    expect(nonces.size).toBe(1);
    const grants = new FileGrantStore(dataPaths(data).consent);
    await grants.delete('acme.album', 'photos.read');
    expect((await send(retry))['resultType']).toBe('input_required');
    expect(await grants.get('acme.album', 'photos.read')).toBeUndefined();
    expect(existsSync(consentNoncePath(data))).toBe(false);
  });

  it('without one, the data directory’s consent-nonces.sqlite takes it (created at the first claim, private)', async () => {
    const { data, call: send } = await serveRaw({});
    const asked = await send(call);
    expect(existsSync(consentNoncePath(data))).toBe(false);
    expect((await send({ ...call, inputResponses: allow, requestState: asked['requestState'] }))['isError']).toBeUndefined();
    expect(existsSync(consentNoncePath(data))).toBe(true);
    // The file and its -wal and -shm files are private: the next start's data-directory check passes.
    expect(existsSync(`${consentNoncePath(data)}-wal`)).toBe(true);
    expect(() => checkDataDir(dataPaths(data))).not.toThrow();
  });
});
