/**
 * “Allow once” in the agent's client, both eras: the elicitation form's
 * `allowOnce` reaches the call path as the consent UI's answer `allowOnce`
 * (legacy `elicitation/create`; modern `input_required` and the retry that
 * carries the signed requestState, which is spent: a replay is asked
 * again). What the call path then does with it (run once, store nothing) is
 * `@xcap/call`'s (issue 32).
 */
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallRequest, ConsentRequest } from '@xcap/call';
import { PipeClientTransport } from './support/pipe-pair.js';
import { serveOnPipes } from './support/serve-on-pipes.js';
import { testCallPath } from './support/test-call-path.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

/** The test call path whose per-request consent UI's answers are recorded. */
function recordingCallPath() {
  const host = testCallPath();
  const replies: unknown[] = [];
  const call = (request: CallRequest) => {
    const asked = request.consent;
    if (asked === undefined) return host.callPath.call(request);
    const consent = async (sheet: ConsentRequest) => {
      const reply = await asked(sheet);
      replies.push(reply);
      return reply;
    };
    return host.callPath.call({ ...request, consent });
  };
  return { host: { ...host, callPath: { ...host.callPath, call } }, replies };
}

describe.each(['legacy', 'modern'] as const)('%s era: Allow once', (era) => {
  it('the form’s allowOnce is the consent UI’s allowOnce; a decline is dismiss', async () => {
    const { host, replies } = recordingCallPath();
    const { served, pipes } = serveOnPipes(host, { foreground: true, consent: 'client' });
    const client = new Client(
      { name: 'agent', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {}) },
    );
    const answers = [{ action: 'accept' as const, content: { answer: 'allowOnce' } }, { action: 'decline' as const }];
    client.setRequestHandler('elicitation/create', () => answers.shift() ?? { action: 'cancel' as const });
    await client.connect(new PipeClientTransport(pipes));
    closers.push(
      () => client.close(),
      () => served.close(),
    );
    await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
    // Modern: each call's first round asks (dismiss, input_required), its retry answers.
    expect(replies).toEqual(era === 'modern' ? ['dismiss', 'allowOnce', 'dismiss', 'dismiss'] : ['allowOnce', 'dismiss']);
  });
});
