import type { TokenStore } from '@xcap/tokens';
import { realTimers, type Timers } from '@xcap/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveHttp } from '../../src/mcp/serve-http.js';
import { httpManifest, httpWorkspace } from './http-workspace.js';

// 500 HTTP requests on a loaded 2-core machine: the shared 20 s is tight.
vi.setConfig({ testTimeout: 60_000 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A token store whose database is down: every lookup fails, with text from the outside (a database name holding U+202E). */
const downStore: TokenStore = {
  verify: () => Promise.reject(new Error('database "xcap\u202eevil" is not reachable: connect ECONNREFUSED 127.0.0.1:5432')),
};

describe('serveHttp log lines during a token store outage', () => {
  it('25 s of failing token lookups (20 requests a second) write at most 200 lines, say how many were suppressed, and escape bidi controls', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    let now = 0;
    const timers: Timers = {
      setTimeout: (run, ms) => realTimers.setTimeout(run, ms),
      clearTimeout: (handle) => realTimers.clearTimeout(handle),
      now: () => now,
    };
    const log: string[] = [];
    const serve = await serveHttp({
      manifest: httpManifest,
      dataDir: ws.data,
      listen: '127.0.0.1:0',
      tokens: downStore,
      log: (line) => log.push(line),
      timers,
    });
    cleanup.push(() => serve.close());
    const requests = 500;
    const statuses = new Set<number>();
    for (let i = 0; i < requests; i++) {
      const answer = await fetch(serve.url, {
        method: 'POST',
        headers: { authorization: 'Bearer some-token', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list', params: {} }),
      });
      statuses.add(answer.status);
      await answer.arrayBuffer();
      now += 25_000 / requests;
    }
    await serve.close();
    expect([...statuses]).toEqual([500]);
    const errors = log.filter((line) => line.includes('is not reachable'));
    const counts = log.map((line) => /… (\d+) similar line\(s\) suppressed/.exec(line)?.[1]);
    const suppressed = counts.reduce((sum, n) => sum + (n === undefined ? 0 : Number(n)), 0);
    expect(log.length).toBeLessThanOrEqual(200);
    expect(errors.length + suppressed).toBe(requests);
    expect(errors[0]).toContain('database "xcap\\u202eevil"');
    expect(log.join('\n')).not.toContain('\u202e');
  });
});
