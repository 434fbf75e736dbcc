/**
 * The call path owns the consent deadline, over MCP: a client's
 * `notifications/cancelled` (the SDK's own, from an aborted callTool) ends
 * a waiting sheet at once with its audit row, and the legacy elicitation is
 * cancelled when the sheet's signal aborts — at the call path's deadline
 * too. Official v2 client and server over in-process pipes.
 */
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest } from '@xcap/call';
import { PipeClientTransport } from './support/pipe-pair.js';
import { serveOnPipes } from './support/serve-on-pipes.js';
import { testCallPath, type TestCallPath } from './support/test-call-path.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});

/** Waits (real time) until `test` holds. */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

const rows = (host: TestCallPath) => host.audit.rows.map((r) => `${r.tool} ${r.status}/${r.error ?? ''}`);

/** A legacy client whose elicitation handler never answers on its own: it records each request's signal and ends when that aborts. */
async function legacyAgent(host: TestCallPath) {
  const { pipes } = serveOnPipes(host, { foreground: true, consent: 'client' });
  const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const signals: AbortSignal[] = [];
  client.setRequestHandler('elicitation/create', (_request, ctx) => {
    signals.push(ctx.mcpReq.signal);
    return new Promise((resolve) => ctx.mcpReq.signal.addEventListener('abort', () => resolve({ action: 'accept', content: { answer: 'allow' } })));
  });
  await client.connect(new PipeClientTransport(pipes));
  clients.push(client);
  return { client, signals };
}

describe('a cancelled call ends its consent sheet at once', () => {
  it('host consent: notifications/cancelled aborts the sheet’s signal and writes the call’s row (denied/consentNeeded), no grant', async () => {
    const asked: ConsentRequest[] = [];
    let late: ((reply: ConsentReply) => void) | undefined;
    const host = testCallPath((request) => {
      asked.push(request);
      return new Promise<ConsentReply>((resolve) => (late = resolve));
    });
    const { pipes } = serveOnPipes(host, { foreground: true });
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(new PipeClientTransport(pipes));
    clients.push(client);
    const cancel = new AbortController();
    const call = client.callTool({ name: 'photos__list', arguments: {} }, { signal: cancel.signal }).catch((error: unknown) => error);
    await until(() => asked.length === 1);
    expect(asked[0]?.signal.aborted).toBe(false);
    const started = performance.now();
    cancel.abort('the person stopped the agent');
    expect(await call).toBeInstanceOf(Error);
    await until(() => host.audit.rows.length === 1);
    expect(performance.now() - started).toBeLessThan(1000); // at once, not at the 120 s deadline
    expect(asked[0]?.signal.aborted).toBe(true);
    expect(rows(host)).toEqual(['photos__list denied/consentNeeded']);
    late?.('allow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.grants.get('acme.album', 'photos.read')).toBeUndefined();
    // The connection lives on: the next call is asked anew.
    const next = client.callTool({ name: 'photos__list', arguments: {} });
    await until(() => asked.length === 2);
    late?.('allow');
    expect((await next).isError).toBeFalsy();
  });

  it('legacy elicitation: the agent’s cancel cancels the elicitation/create it was asked (the client sees its signal abort)', async () => {
    const host = testCallPath();
    const { client, signals } = await legacyAgent(host);
    const cancel = new AbortController();
    const call = client.callTool({ name: 'photos__list', arguments: {} }, { signal: cancel.signal }).catch((error: unknown) => error);
    await until(() => signals.length === 1);
    expect(signals[0]?.aborted).toBe(false);
    cancel.abort();
    await call;
    await until(() => signals[0]?.aborted === true);
    await until(() => host.audit.rows.length === 1);
    expect(rows(host)).toEqual(['photos__list denied/consentNeeded']);
    // The client's late "allow" (its handler answered on abort) wrote nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it('legacy elicitation: the call path’s deadline cancels the elicitation too', async () => {
    const host = testCallPath(undefined, { consentTimeoutMs: 150 });
    const { client, signals } = await legacyAgent(host);
    const result = await client.callTool({ name: 'photos__list', arguments: {} });
    expect((result.content as { text: string }[])[0]?.text).toBe('denied: consentNeeded');
    await until(() => signals[0]?.aborted === true);
    expect(rows(host)).toEqual(['photos__list denied/consentNeeded']);
    expect(host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });
});
