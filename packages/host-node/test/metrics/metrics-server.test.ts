import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { parseListenAddress } from '@xcap/mcp/node';
import { errorOf } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMetricsServer, type MetricsServer } from '../../src/metrics/metrics-server.js';
import { killServe, spawnHttpServe } from '../e2e/http-process.js';
import { requireBuilt, runXcap, workspace } from '../e2e/xcap-process.js';
import { httpAgent, httpWorkspace, workspaceArgs } from '../http/http-workspace.js';

vi.setConfig({ testTimeout: 60_000 });

const exposition = { contentType: 'text/plain; version=0.0.4; charset=utf-8', exposition: () => Promise.resolve('xcap_calls_in_flight 0\n') };

let server: MetricsServer | undefined;
let busy: Server | undefined;
afterEach(async () => {
  await server?.close();
  busy?.close();
  server = undefined;
  busy = undefined;
});

/** One request with a Host header of our choosing (fetch would not send a wrong one). */
function get(url: string, options: { host?: string; method?: string; path?: string } = {}): Promise<{ status: number; type: string; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? target.pathname,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? target.host },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      },
    );
    req.once('error', reject);
    req.end();
  });
}

describe('the metrics listener', () => {
  it('answers GET /metrics in the exposition format, and refuses another Host (421), path (404) and method (405)', async () => {
    server = await startMetricsServer({ listen: parseListenAddress('127.0.0.1:0', '--metrics'), metrics: exposition });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const ok = await get(server.url);
    expect(ok).toEqual({ status: 200, type: exposition.contentType, body: 'xcap_calls_in_flight 0\n' });
    const port = new URL(server.url).port;
    expect((await get(server.url, { host: `localhost:${port}` })).status).toBe(200);
    expect((await get(server.url, { host: `evil.example:${port}` })).status).toBe(421);
    expect((await get(server.url, { host: '127.0.0.1:1' })).status).toBe(421);
    expect((await get(server.url, { path: '/' })).status).toBe(404);
    expect((await get(server.url, { path: '/metrics/x' })).status).toBe(404);
    expect((await get(server.url, { method: 'POST' })).status).toBe(405);
    expect(await get(server.url, { method: 'HEAD' })).toMatchObject({ status: 200, body: '' });
  });

  it('refuses an address that is not loopback', async () => {
    await expect(startMetricsServer({ listen: parseListenAddress('0.0.0.0:0', '--metrics'), metrics: exposition })).rejects.toThrow(
      errorOf(RangeError, '--metrics 0.0.0.0: not a loopback address'),
    );
  });
});

describe('xcap serve --metrics', () => {
  beforeAll(requireBuilt);

  it('exits 2 with one line for an address that is not loopback or not [host:]port, before anything is served', async () => {
    const ws = await workspace();
    for (const [value, line] of [
      ['0.0.0.0:9100', 'xcap: --metrics 0.0.0.0:9100: not a loopback address (the metrics listen on 127.0.0.1, [::1] or localhost only)\n'],
      ['127.0.0.1:99999', 'xcap: --metrics "127.0.0.1:99999": not [host:]port (a port 0 to 65535, e.g. 8080 or 127.0.0.1:8080 or [::1]:8080)\n'],
    ] as const) {
      const run = await runXcap(['serve', '--manifest', ws.manifest, '--data', ws.data, '--metrics', value]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(line);
    }
  });

  it('exits 1 with one line when the port is in use', async () => {
    const ws = await workspace();
    busy = createServer();
    const port = await new Promise<number>((resolve) => busy?.listen(0, '127.0.0.1', () => resolve((busy?.address() as { port: number }).port)));
    const run = await runXcap(['serve', '--manifest', ws.manifest, '--data', ws.data, '--metrics', `127.0.0.1:${port}`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`xcap: --metrics 127.0.0.1:${port}: cannot listen (EADDRINUSE)\n`);
  });

  it('over --http too: the calls of an agent holding a token are counted by tool and status', async () => {
    const ws = await httpWorkspace();
    const token = (await runXcap(['token', 'add', 'metrics', '--data', ws.data])).stdout.trim();
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const serve = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0', '--metrics', '127.0.0.1:0']);
    try {
      const url = /metrics at (http:\/\/\S+\/metrics)/.exec(serve.stderr())?.[1];
      expect(url, serve.stderr()).toBeDefined();
      const agent = await httpAgent(serve.url, token, 'modern');
      for (let i = 0; i < 2; i++) expect((await agent.callTool({ name: 'photos__list', arguments: { limit: 1 } })).isError).not.toBe(true);
      await agent.close();
      const text = (await get(url ?? '')).body;
      expect(text).toContain('xcap_calls_total{tool="photos__list",status="ok"} 2\n');
      expect(text).toContain('xcap_call_duration_seconds_count{tool="photos__list"} 2\n');
    } finally {
      await killServe(serve);
      await ws.remove();
    }
  });
});
