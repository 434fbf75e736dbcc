/**
 * Who calls and how long it may wait, with the official v2 client: every
 * tools/call names its agent (`clientInfo`, and the token over HTTP), and a
 * call carrying a progressToken is made `waitsLong` and sends
 * `notifications/progress` while the person decides — so a client with a
 * short timeout and `resetTimeoutOnProgress` gets its answer, both eras,
 * stdio and HTTP.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentReply } from '@xcap/broker';
import type { AgentCallRequest, CallRequest } from '@xcap/call';
import { MemoryTokenStore } from '@xcap/tokens';
import { createHttpHandler, loopbackHosts, mountCallPath, type XcapHttpHandler } from '../src/index.js';
import { PipeClientTransport } from './support/pipe-pair.js';
import { serveOnPipes } from './support/serve-on-pipes.js';
import { testCallPath, type TestCallPath } from './support/test-call-path.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

/** The person answers `allow` after `ms` (real time). */
const answersAfter = (ms: number) => () => new Promise<ConsentReply>((resolve) => setTimeout(() => resolve('allow'), ms));

/** The test call path with every request it gets recorded. */
function recorded(host: TestCallPath): { host: TestCallPath; requests: AgentCallRequest[] } {
  const requests: AgentCallRequest[] = [];
  const call = (request: CallRequest) => (requests.push(request as AgentCallRequest), host.callPath.call(request));
  return { host: { ...host, callPath: { ...host.callPath, call } }, requests };
}

const clientOptions = (era: 'legacy' | 'modern') => (era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {});

async function overStdio(era: 'legacy' | 'modern', answerMs: number) {
  const { host, requests } = recorded(testCallPath(answersAfter(answerMs)));
  const { served, pipes } = serveOnPipes(host, { foreground: true, progressIntervalMs: 250 });
  const client = new Client({ name: 'Claude Desktop', version: '1.2' }, clientOptions(era));
  await client.connect(new PipeClientTransport(pipes));
  closers.push(
    () => client.close(),
    () => served.close(),
  );
  return { client, requests, host };
}

async function overHttp(era: 'legacy' | 'modern', answerMs: number) {
  const { host, requests } = recorded(testCallPath(answersAfter(answerMs)));
  const tokens = new MemoryTokenStore();
  await tokens.add('laptop', 'laptop-secret-token');
  const handler: XcapHttpHandler = createHttpHandler({
    tokens,
    allowedHosts: loopbackHosts(7777),
    server: ({ era: served, client, via, clientInfo, refusals }) => {
      const server = new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } });
      mountCallPath(server, host.callPath, {
        era: served,
        clientId: client,
        foreground: true,
        refusals,
        via,
        ...(clientInfo === undefined ? {} : { clientInfo }),
        progressIntervalMs: 250,
      });
      return server;
    },
  });
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:7777/mcp'), {
    requestInit: { headers: { authorization: 'Bearer laptop-secret-token' } },
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('host', '127.0.0.1:7777');
      return handler.fetch(request);
    },
  });
  const client = new Client({ name: 'Claude Desktop', version: '1.2' }, clientOptions(era));
  await client.connect(transport);
  closers.push(
    () => client.close(),
    () => handler.close(),
  );
  return { client, requests, host };
}

describe.each([
  ['stdio', overStdio, null],
  ['HTTP', overHttp, 'token laptop'],
] as const)('%s', (_transport, open, via) => {
  describe.each(['legacy', 'modern'] as const)('%s era', (era) => {
    it('names the agent in every call: clientInfo name and version, and how it came', async () => {
      const { client, requests } = await open(era, 0);
      await client.callTool({ name: 'photos__list', arguments: {} });
      expect(requests.map((r) => r.agent)).toEqual([{ name: 'Claude Desktop', version: '1.2', via }]);
      expect(requests[0]?.waitsLong).toBeUndefined();
    });

    it('a client with a 1 s timeout and resetTimeoutOnProgress gets the answer the person gives at 2.5 s', async () => {
      const { client, requests, host } = await open(era, 2_500);
      const progress: number[] = [];
      const result = await client.callTool(
        { name: 'photos__list', arguments: {} },
        { timeout: 1_000, resetTimeoutOnProgress: true, onprogress: (p) => void progress.push(p.progress) },
      );
      expect(result.isError).toBeUndefined();
      expect(requests[0]?.waitsLong).toBe(true);
      expect(progress.length).toBeGreaterThanOrEqual(5);
      expect(progress).toEqual(progress.map((_, i) => i + 1));
      expect(host.audit.rows.map((r) => r.status)).toEqual(['ok']);
    });

    it('without a progress token the same client gives up at 1 s (what progress saves it from)', async () => {
      const { client, requests } = await open(era, 2_500);
      const failure: unknown = await client.callTool({ name: 'photos__list', arguments: {} }, { timeout: 1_000 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/timed out/i);
      expect(requests[0]?.waitsLong).toBeUndefined();
    });
  });
});

describe('mountCallPath: progressIntervalMs', () => {
  it('takes 10 ms to 15 s and refuses anything else with a RangeError naming it', () => {
    const { callPath } = testCallPath();
    const mount = (progressIntervalMs: number) =>
      mountCallPath(new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } }), callPath, { era: 'legacy', progressIntervalMs });
    expect(() => mount(10)).not.toThrow();
    expect(() => mount(15_000)).not.toThrow();
    expect(() => mount(9)).toThrow(new RangeError('mountCallPath: progressIntervalMs must be an integer from 10 to 15000, got 9'));
    expect(() => mount(15_001)).toThrow(RangeError);
    expect(() => mount(1.5)).toThrow(RangeError);
  });
});

describe.each(['legacy', 'modern'] as const)('stdio, %s era: a cancelled call stops its progress', (era) => {
  it('after the client aborts, no further notifications/progress are sent for its token', async () => {
    const host = testCallPath(() => new Promise<ConsentReply>(() => undefined));
    const { served, pipes } = serveOnPipes(host, { foreground: true, progressIntervalMs: 100 });
    const transport = new PipeClientTransport(pipes);
    const client = new Client({ name: 'agent', version: '1.0.0' }, clientOptions(era));
    await client.connect(transport);
    closers.push(
      () => client.close(),
      () => served.close(),
    );
    const progressSent = () => transport.received.filter((m) => JSON.stringify(m).includes('"notifications/progress"')).length;
    const cancel = new AbortController();
    const seen: number[] = [];
    const call = client
      .callTool({ name: 'photos__list', arguments: {} }, { signal: cancel.signal, onprogress: (p) => void seen.push(p.progress) })
      .catch((error: unknown) => error);
    while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    cancel.abort();
    expect(await call).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = progressSent();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(progressSent()).toBe(after);
    expect(host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded']);
  });
});
