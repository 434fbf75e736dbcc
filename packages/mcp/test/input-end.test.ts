/**
 * The client closes stdin while a call waits on a consent sheet: after the
 * grace (`inputEndGraceMs`) the call is cancelled — its sheet ends, it is
 * answered `consentNeeded` with its row — and the connection ends, instead
 * of waiting for the person for the whole consent timeout.
 */
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ConsentRequest } from '@xcap/call';
import { serveStdioCallPath } from '../src/index.js';
import { PipeClientTransport } from './support/pipe-pair.js';
import { serveOnPipes } from './support/serve-on-pipes.js';
import { testCallPath } from './support/test-call-path.js';

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

describe('the end of input', () => {
  it.each([0, 300])('cancels a call still waiting on a sheet after the grace (%i ms): answered consentNeeded, one row, the connection ends', async (grace) => {
    const asked: ConsentRequest[] = [];
    // The person never answers: the sheet ends only when its signal aborts.
    const host = testCallPath((request) => {
      asked.push(request);
      return new Promise((resolve) => request.signal.addEventListener('abort', () => resolve('allow')));
    });
    const { served, pipes } = serveOnPipes(host, { foreground: true, inputEndGraceMs: grace });
    const transport = new PipeClientTransport(pipes);
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(transport);
    void client.callTool({ name: 'photos__list', arguments: {} }).catch(() => undefined);
    await until(() => asked.length === 1);
    const started = performance.now();
    pipes.toServer.end();
    const end = await served.ended;
    const took = performance.now() - started;
    expect(end).toEqual({ reason: 'input-ended', exitCode: 0 });
    expect(took).toBeGreaterThanOrEqual(grace - 5);
    expect(took).toBeLessThan(grace + 1_000);
    expect(asked[0]?.signal.aborted).toBe(true);
    expect(host.audit.rows.map((r) => `${r.status}/${r.error ?? ''}`)).toEqual(['denied/consentNeeded']);
    expect(host.grants.get('acme.album', 'photos.read')).toBeUndefined();
    // The answer went out before the connection closed.
    expect(transport.received.some((m) => JSON.stringify(m).includes('denied: consentNeeded'))).toBe(true);
  });

  it('a call that answers within the grace is answered as it would be (not cancelled)', async () => {
    const host = testCallPath(() => new Promise((resolve) => setTimeout(() => resolve('allow'), 100)));
    const { served, pipes } = serveOnPipes(host, { foreground: true, inputEndGraceMs: 1_000 });
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(new PipeClientTransport(pipes));
    const call = client.callTool({ name: 'photos__list', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    pipes.toServer.end();
    expect((await call).isError).toBeUndefined();
    await served.ended;
    expect(host.audit.rows.map((r) => r.status)).toEqual(['ok']);
  });

  it('takes a grace of 0 to 60,000 ms and refuses anything else with a RangeError', () => {
    const { callPath } = testCallPath();
    const serve = (inputEndGraceMs: number) => serveStdioCallPath({ callPath, serverInfo: { name: 'x', version: '0' }, inputEndGraceMs });
    expect(() => serve(-1)).toThrow(new RangeError('serveStdioCallPath: inputEndGraceMs must be an integer from 0 to 60000, got -1'));
    expect(() => serve(60_001)).toThrow(RangeError);
  });
});
