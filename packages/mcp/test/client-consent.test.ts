import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { argsHash } from '@xcap/audit';
import { MemoryConsentNonceStore, type ConsentNonceStore } from '@xcap/broker';
import type { CallPath } from '@xcap/call';
import { catalog } from '@xcap/catalog';
import { createConsentState, serveStdioCallPath, type ConsentQuestion, type ConsentState } from '../src/index.js';
import { connect, type Connected } from './support/connect.js';
import { PipeClientTransport, pipes } from './support/pipe-pair.js';
import { envelope, rawPipe, type RawPipe } from './support/raw-pipe.js';
import { testCallPath } from './support/test-call-path.js';

/** The catalog's description of photos_list, as the consent form quotes it. */
const photosListDescription = catalog.tools.find((tool) => tool.name === 'photos_list')?.description ?? '';

const sheet = 'Photos: This app wants to access your photos. Pick the photos for your album.';
const open: Connected[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.client.close().catch(() => undefined);
});

async function agent(era: 'legacy' | 'modern', elicit?: Parameters<typeof connect>[0]['elicit']): Promise<Connected> {
  const c = await connect({ era, foreground: true, consent: 'client', ...(elicit === undefined ? {} : { elicit }) });
  open.push(c);
  await c.client.listTools();
  return c;
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;
const rows = (c: { host: { audit: { rows: readonly { tool: string; status: string; error: string | null }[] } } }) =>
  c.host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`);

describe.each(['legacy', 'modern'] as const)('consent asked in the agent client, %s era (official v2 client)', (era) => {
  // On the modern era the first round is a request of its own, audited as a consent not yet given.
  const asked = era === 'modern' ? ['denied/consentNeeded'] : [];

  it('allow: the grant is written, the native runs, the next call is not asked again', async () => {
    const c = await agent(era, () => ({ action: 'accept', content: { answer: 'allow' } }));
    const result = await c.client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { photos: unknown[] }).photos).toHaveLength(1);
    // The form names the agent (its clientInfo), the app, the sheet, the tool in the catalog's words and the arguments; three answers.
    expect(c.elicited.map((e) => e.message)).toEqual([
      `agent 1.0.0 asks, for the app acme.album: ${sheet}\nTool: photos_list (${photosListDescription}).\nArguments: limit: 1.`,
    ]);
    expect(c.elicited[0]?.requestedSchema).toMatchObject({
      type: 'object',
      required: ['answer'],
      properties: { answer: { oneOf: [{ const: 'allowOnce' }, { const: 'allow' }, { const: 'deny' }] } },
    });
    expect(c.host.grants.get('acme.album', 'photos.read')).toBe('granted');
    expect((await c.client.callTool({ name: 'photos__list', arguments: { limit: 1 } })).isError).toBeFalsy();
    expect(c.elicited).toHaveLength(1);
    expect(rows(c)).toEqual([...asked, 'ok/', 'ok/']);
  });

  it('deny: the grant is denied, consentDenied', async () => {
    const c = await agent(era, () => ({ action: 'accept', content: { answer: 'deny' } }));
    const result = await c.client.callTool({ name: 'photos__list', arguments: {} });
    expect([result.isError, text(result), result.structuredContent]).toEqual([true, 'denied: consentDenied', undefined]);
    expect(c.host.grants.get('acme.album', 'photos.read')).toBe('denied');
    expect(rows(c)).toEqual([...asked, 'denied/consentDenied']);
  });

  it.each(['decline', 'cancel'] as const)('%s is dismiss: consentNeeded, nothing written, asked again next time', async (action) => {
    const c = await agent(era, () => ({ action }));
    for (let i = 0; i < 2; i++) {
      const result = await c.client.callTool({ name: 'photos__list', arguments: {} });
      expect([result.isError, text(result)]).toEqual([true, 'denied: consentNeeded']);
    }
    expect(c.host.grants.get('acme.album', 'photos.read')).toBeUndefined();
    expect(c.elicited).toHaveLength(2);
    expect(rows(c)).toEqual([...asked, 'denied/consentNeeded', ...asked, 'denied/consentNeeded']);
  });

  it('a client without the elicitation capability is never asked: consentNeeded, nothing written, one row', async () => {
    const c = await agent(era);
    const result = await c.client.callTool({ name: 'photos__list', arguments: {} });
    expect([result.isError, text(result)]).toEqual([true, 'denied: consentNeeded']);
    expect(c.host.grants.get('acme.album', 'photos.read')).toBeUndefined();
    expect(rows(c)).toEqual(['denied/consentNeeded']);
  });
});

describe('modern era: the answer is bound to its question (raw retries)', () => {
  const key = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const allow = { consent: { action: 'accept', content: { answer: 'allow' } } };
  let next = 1;
  const call = (raw: RawPipe, args: object, extra: object = {}, name = 'photos__list') => {
    const id = next++;
    return raw.request(id, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, ...extra, _meta: envelope(true) } });
  };
  const serve = () => rawPipe('modern', { foreground: true, consentState: createConsentState({ key }) });
  const askedAgain = async (raw: RawPipe, answer: Awaited<ReturnType<RawPipe['request']>>) => {
    expect(answer.result?.resultType).toBe('input_required');
    expect(answer.result?.inputRequests?.['consent']?.params.message.startsWith(`raw 1 asks, for the app acme.album: ${sheet}`)).toBe(true);
    expect(raw.host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  };

  it('the first round is input_required with a signed state; a retry with that state and allow is granted (the control)', async () => {
    const raw = await serve();
    const first = await call(raw, { limit: 1 });
    await askedAgain(raw, first);
    const state = first.result?.requestState;
    expect(typeof state).toBe('string');
    const retried = await call(raw, { limit: 1 }, { inputResponses: allow, requestState: state });
    expect(retried.result?.isError).toBeUndefined();
    expect(raw.host.grants.get('acme.album', 'photos.read')).toBe('granted');
    expect(raw.host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded', 'ok/']);
  });

  it('a state is single-use: replayed after the grant was revoked, it grants nothing and the person is asked again', async () => {
    const raw = await serve();
    const state = (await call(raw, { limit: 1 })).result?.requestState;
    const granted = await call(raw, { limit: 1 }, { inputResponses: allow, requestState: state });
    expect(granted.result?.isError).toBeUndefined();
    expect(raw.host.grants.get('acme.album', 'photos.read')).toBe('granted');
    // xcap revoke: the scope is undecided again.
    raw.host.grants.delete('acme.album', 'photos.read');
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: state }));
    expect(raw.host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded', 'ok/', 'denied/consentNeeded']);
  });

  it("a state is bound to the client that was asked: another client's retry with it grants nothing and is asked again", async () => {
    const host = testCallPath();
    const consentState = createConsentState({ key });
    const asked = await rawPipe('modern', { foreground: true, consentState, host, clientId: 'token:asked' });
    const other = await rawPipe('modern', { foreground: true, consentState, host, clientId: 'token:other' });
    const state = (await call(asked, { limit: 1 })).result?.requestState;
    await askedAgain(other, await call(other, { limit: 1 }, { inputResponses: allow, requestState: state }));
    // The client that was asked still may answer its own question.
    expect((await call(asked, { limit: 1 }, { inputResponses: allow, requestState: state })).result?.isError).toBeUndefined();
    expect(host.grants.get('acme.album', 'photos.read')).toBe('granted');
  });

  it('hosts sharing the key and the nonce store: a state answered on one is refused on the other', async () => {
    const nonces = new MemoryConsentNonceStore();
    const host = testCallPath();
    const clientId = 'token:agent';
    const one = await rawPipe('modern', { foreground: true, consentState: createConsentState({ key, nonces }), host, clientId });
    const two = await rawPipe('modern', { foreground: true, consentState: createConsentState({ key, nonces }), host, clientId });
    const state = (await call(one, { limit: 1 })).result?.requestState;
    expect((await call(one, { limit: 1 }, { inputResponses: allow, requestState: state })).result?.isError).toBeUndefined();
    expect(nonces.size).toBe(1);
    host.grants.delete('acme.album', 'photos.read');
    await askedAgain(two, await call(two, { limit: 1 }, { inputResponses: allow, requestState: state }));
  });

  it('a nonce store that fails grants nothing and asks nothing: consentNeeded', async () => {
    const broken: ConsentNonceStore = { claim: () => Promise.reject(new Error('database down')) };
    const raw = await rawPipe('modern', { foreground: true, consentState: createConsentState({ key, nonces: broken }) });
    const state = (await call(raw, { limit: 1 })).result?.requestState;
    const answer = await call(raw, { limit: 1 }, { inputResponses: allow, requestState: state });
    expect([answer.result?.resultType, answer.result?.isError, answer.result?.content?.[0]?.text]).toEqual(['complete', true, 'denied: consentNeeded']);
    expect(raw.host.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it('inputResponses pre-filled without being asked (no state) grant nothing: asked again', async () => {
    const raw = await serve();
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow }));
  });

  it('a tampered state grants nothing: asked again', async () => {
    const raw = await serve();
    const state = (await call(raw, { limit: 1 })).result?.requestState ?? '';
    const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: tampered }));
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: 'v1.e30.AAAA' }));
  });

  it('an expired state grants nothing: asked again', async () => {
    const raw = await serve();
    const client = raw.served.clientId;
    const expired = await createConsentState({ key, ttlSeconds: -10 }).mint({
      app: 'acme.album',
      scope: 'photos.read',
      argsHash: argsHash({ limit: 1 }),
      client,
    });
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: expired }));
  });

  it('a valid state for another scope, or for other arguments, grants nothing: asked again', async () => {
    const raw = await serve();
    const client = raw.served.clientId;
    const otherScope = await createConsentState({ key }).mint({ app: 'acme.album', scope: 'notifications.post', argsHash: argsHash({ limit: 1 }), client });
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: otherScope }));
    const otherApp = await createConsentState({ key }).mint({ app: 'evil.app', scope: 'photos.read', argsHash: argsHash({ limit: 1 }), client });
    await askedAgain(raw, await call(raw, { limit: 1 }, { inputResponses: allow, requestState: otherApp }));
    // The state of a real question about {limit: 1}, echoed with other arguments.
    const state = (await call(raw, { limit: 1 })).result?.requestState;
    await askedAgain(raw, await call(raw, { limit: 2 }, { inputResponses: allow, requestState: state }));
    expect(raw.host.audit.rows.every((r) => r.status === 'denied' && r.error === 'consentNeeded')).toBe(true);
  });
});

describe('the modern binding uses the argsHash the call path hands with the consent request', () => {
  it("a ConsentRequest whose argsHash is not the arguments' hash binds the requestState to the given one, and the retry matches it", async () => {
    const host = testCallPath();
    const given = `sha256:${'f'.repeat(64)}`;
    const callPath: CallPath = {
      ...host.callPath,
      call: (request) => {
        const consent = request.consent;
        return host.callPath.call(consent === undefined ? request : { ...request, consent: (asked) => consent({ ...asked, argsHash: given }) });
      },
    };
    const signed = createConsentState();
    const minted: ConsentQuestion[] = [];
    const consentState: ConsentState = {
      mint: (question) => (minted.push(question), signed.mint(question)),
      verify: (state, ctx) => signed.verify(state, ctx),
      claim: (question) => signed.claim(question),
    };
    const both = pipes();
    const served = serveStdioCallPath({
      callPath,
      serverInfo: { name: 'x', version: '0' },
      input: both.toServer,
      output: both.toClient,
      foreground: true,
      consent: 'client',
      consentState,
    });
    const client = new Client(
      { name: 'agent', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { answer: 'allow' } }));
    await client.connect(new PipeClientTransport(both));
    try {
      const result = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
      expect(argsHash({ limit: 1 })).not.toBe(given);
      expect(minted.map((question) => question.argsHash)).toEqual([given]);
      expect(result.isError).toBeFalsy();
      expect(host.grants.get('acme.album', 'photos.read')).toBe('granted');
    } finally {
      await client.close();
      await served.close();
    }
  });
});
