import { argsHash, type AuditRow, type AuditSink } from '@xcap/audit';
import { scriptedAuditSink } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { serveStdioCallPath } from '../src/index.js';
import { pipes } from './support/pipe-pair.js';
import { envelope, rawPipe, type RawAnswer } from './support/raw-pipe.js';
import { testCallPath, type TestCallPath } from './support/test-call-path.js';

const missing = 'Request is missing the required _meta envelope for protocol revision 2026-07-28';
const invalid = 'Invalid _meta envelope for protocol revision 2026-07-28';
const bogus = { 'io.modelcontextprotocol/protocolVersion': 'bogus' };
const call = (id: number | string, params: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
const rowsOf = (host: TestCallPath) => host.audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error, r.argsHash]);

/** A sink write that waits for `open()`; records when each write resolved. */
function gatedSink(host: TestCallPath) {
  const sink: AuditSink = host.audit; // as the call path sees it: a write may answer a promise
  const write = sink.write.bind(sink);
  const gate = { writes: 0, resolvedAt: [] as number[], open: () => undefined as void };
  let opened = new Promise<void>((resolve) => (gate.open = resolve));
  sink.write = async (row: AuditRow, ...rest: unknown[]) => {
    gate.writes++;
    await opened;
    await write(row, ...(rest as []));
    gate.resolvedAt.push(performance.now());
  };
  return {
    gate,
    reset: () => {
      opened = Promise.resolve();
    },
  };
}

describe('modern stdio: tools/call requests the MCP SDK answers itself still get exactly one row, written before the answer', () => {
  it('a request without the _meta envelope: the SDK answer (-32602), and one invalid/invalidParams row', async () => {
    const raw = await rawPipe('modern');
    const answer = await raw.request(2, call(2, { name: 'photos__list', arguments: { limit: 3 } }));
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message.startsWith(missing)).toBe(true);
    expect(rowsOf(raw.host)).toEqual([[raw.served.clientId, 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 3 })]]);
  });

  it('a bogus envelope: the SDK answer (-32602 Invalid _meta envelope), and one row', async () => {
    const raw = await rawPipe('modern');
    const answer = await raw.request(2, call(2, { name: 'photos__list', arguments: {}, _meta: bogus }));
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message.startsWith(invalid)).toBe(true);
    expect(rowsOf(raw.host)).toEqual([[raw.served.clientId, 'photos__list', 'invalid', 'invalidParams', argsHash({})]]);
  });

  it('an unknown tool, a name that is not a string, no params: the unknown row each, the SDK answer unchanged', async () => {
    const raw = await rawPipe('modern');
    expect((await raw.request(2, call(2, { name: 'photos__delete', arguments: [] }))).error?.message.startsWith(missing)).toBe(true);
    expect((await raw.request(3, call(3, { name: 7, _meta: bogus }))).error?.message.startsWith(invalid)).toBe(true);
    expect((await raw.request(4, { jsonrpc: '2.0', id: 4, method: 'tools/call' })).error?.message.startsWith(missing)).toBe(true);
    const id = raw.served.clientId;
    expect(rowsOf(raw.host)).toEqual([
      [id, 'photos__delete', 'denied', 'unknownTool', argsHash([])],
      [id, '', 'denied', 'unknownTool', argsHash(undefined)],
      [id, '', 'denied', 'unknownTool', argsHash(undefined)],
    ]);
  });

  it('a refused request on the opening line of a connection gets its row too', async () => {
    const host = testCallPath();
    const both = pipes();
    const served = serveStdioCallPath({ callPath: host.callPath, serverInfo: { name: 'x', version: '0' }, input: both.toServer, output: both.toClient });
    const line = new Promise<string>((resolve) => both.toClient.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
    both.toServer.write(`${JSON.stringify(call(1, { name: 'photos__list', arguments: {}, _meta: bogus }))}\n`);
    const answer = JSON.parse(await line) as RawAnswer;
    expect(answer.error?.message.startsWith(invalid)).toBe(true);
    expect(rowsOf(host)).toEqual([[served.clientId, 'photos__list', 'invalid', 'invalidParams', argsHash({})]]);
    both.toServer.end();
    await served.ended;
  });

  it('the answer is not written before the row: a slow sink holds it until its write resolved', async () => {
    const host = testCallPath();
    const { gate } = gatedSink(host);
    const raw = await rawPipe('modern', { host });
    const answered = raw.request(2, call(2, { name: 'photos__list', arguments: {} })).then((answer) => ({ answer, at: performance.now() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gate.writes).toBe(1);
    expect(raw.answers.filter((a) => a.id === 2)).toEqual([]);
    gate.open();
    const { answer, at } = await answered;
    expect(answer.error?.code).toBe(-32602);
    expect(gate.resolvedAt).toHaveLength(1);
    expect(at).toBeGreaterThanOrEqual(gate.resolvedAt[0] as number);
  });

  it('a failing sink: the request is answered, failing closed (unavailable: auditFailed, not the SDK answer), its row pending and retried; no crash', async () => {
    const host = testCallPath();
    host.audit.write = () => {
      throw new Error('SQLITE_FULL: database or disk is full');
    };
    const raw = await rawPipe('modern', { host });
    const answer = await raw.request(2, call(2, { name: 'photos__list', arguments: { limit: 1 } }));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toEqual({ content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true, resultType: 'complete' });
    expect(host.callPath.pendingAudit().map((p) => [p.row.tool, p.row.status, p.row.error])).toEqual([['photos__list', 'invalid', 'invalidParams']]);
    expect(host.callPath.auditState()).toBe('suspended');
    // The connection keeps serving: a well-formed call is refused unavailable (fail closed), answered.
    const next = await raw.request(3, call(3, { name: 'photos__list', arguments: {}, _meta: envelope() }));
    expect(next.result?.isError).toBe(true);
  });

  it('ids used again: each request keeps its own row (refused, served, refused with the same id)', async () => {
    const raw = await rawPipe('modern');
    raw.host.grants.set('acme.album', 'photos.read', 'granted');
    expect((await raw.request(5, call(5, { name: 'photos__list', arguments: {} }))).error?.code).toBe(-32602);
    raw.answers.length = 0;
    expect((await raw.request(5, call(5, { name: 'photos__list', arguments: { limit: 1 }, _meta: envelope() }))).result?.isError).toBeUndefined();
    raw.answers.length = 0;
    expect((await raw.request(5, call(5, { name: 'photos__list', arguments: { limit: 2 }, _meta: bogus }))).error?.code).toBe(-32602);
    expect(raw.host.audit.rows.map((r) => [r.status, r.argsHash])).toEqual([
      ['invalid', argsHash({})],
      ['ok', argsHash({ limit: 1 })],
      ['invalid', argsHash({ limit: 2 })],
    ]);
  });

  it('the end of input right after a refused request: answered and audited before the connection ends', async () => {
    const raw = await rawPipe('modern');
    const { reset } = gatedSink(raw.host);
    reset();
    raw.write(`${JSON.stringify(call(2, { name: 'photos__list', arguments: {} }))}\n`);
    raw.pipes.toServer.end();
    const end = await raw.served.ended;
    expect(end.reason).toBe('input-ended');
    expect(raw.answers.find((a) => a.id === 2)?.error?.code).toBe(-32602);
    expect(raw.host.audit.rows).toHaveLength(1);
  });

  it('a flood of refused requests against a slow sink stays within the in-flight bound; every one answered and audited once', async () => {
    const host = testCallPath();
    const sink: AuditSink = host.audit; // as the call path sees it: a write may answer a promise
    const write = sink.write.bind(sink);
    // Measured from outside the transport: the row writes running at once (each refused answer is held until its write settles).
    const writes = { running: 0, most: 0, started: 0 };
    sink.write = async (row: AuditRow) => {
      writes.started++;
      writes.most = Math.max(writes.most, ++writes.running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        await write(row);
      } finally {
        writes.running--;
      }
    };
    const raw = await rawPipe('modern', { host, maxInFlight: 8 });
    const count = 400;
    raw.write(Array.from({ length: count }, (_, i) => `${JSON.stringify(call(i + 10, { name: 'photos__list', arguments: { limit: i } }))}\n`).join(''));
    await raw.answerTo(count + 9);
    await expect.poll(() => raw.answers.filter((a) => a.error?.code === -32602).length).toBe(count);
    expect(host.audit.rows).toHaveLength(count);
    expect(new Set(host.audit.rows.map((r) => r.argsHash)).size).toBe(count);
    expect(writes.started).toBe(count);
    // The flood did overlap (the bound was reached), and never went past it.
    expect(writes.most).toBeGreaterThan(1);
    expect(writes.most).toBeLessThanOrEqual(8);
  });
});

describe('legacy stdio is unaffected', () => {
  it('a tools/call carrying a bogus envelope on a legacy connection is served as before: one row, from the handler', async () => {
    const raw = await rawPipe('legacy');
    const answer = await raw.request(2, call(2, { name: 'photos__list', arguments: {}, _meta: bogus }));
    expect(answer.result?.content?.[0]?.text).toBe('denied: consentNeeded');
    expect(raw.host.audit.rows.map((r) => [r.status, r.error])).toEqual([['denied', 'consentNeeded']]);
  });
});

describe('stdio: a tools/call is recognised after JSON decoding, and a refused batch gets one row per call', () => {
  it('a method written tools\\/call or tools\\u002fcall (JSON escapes) is refused and audited like tools/call: one row each', async () => {
    const raw = await rawPipe('modern');
    const escaped = (id: number, method: string) =>
      JSON.stringify(call(id, { name: 'photos__list', arguments: { limit: id } })).replace('"tools/call"', method);
    raw.write(`${escaped(2, '"tools\\/call"')}\n`);
    expect((await raw.answerTo(2)).error?.message.startsWith(missing)).toBe(true);
    raw.write(`${escaped(3, '"tools\\u002fcall"')}\n`);
    expect((await raw.answerTo(3)).error?.message.startsWith(missing)).toBe(true);
    const id = raw.served.clientId;
    expect(rowsOf(raw.host)).toEqual([
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 2 })],
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 3 })],
    ]);
  });

  it('a 2026-07-28 batch of two tools/call: answered -32600 (id null), one row per call, written before the answer', async () => {
    const sink = scriptedAuditSink();
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink }) });
    const first = sink.hold();
    const batch = [
      call(2, { name: 'photos__list', arguments: { limit: 1 }, _meta: envelope() }),
      call(3, { name: 'photos__nope', arguments: {}, _meta: envelope() }),
    ];
    raw.write(`${JSON.stringify(batch).replace('"tools/call"', '"tools\\/call"')}\n`);
    await expect.poll(() => sink.held).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(raw.answers.filter((a) => a.id === null)).toEqual([]);
    // The rows are written one after another: the second write is held in its turn, and the answer waits for it too.
    first();
    const second = sink.hold();
    await expect.poll(() => sink.rows.length).toBe(1);
    await expect.poll(() => sink.held).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(raw.answers.filter((a) => a.id === null)).toEqual([]);
    second();
    const answer = await raw.answerTo(null);
    expect(answer.error?.code).toBe(-32600);
    expect(answer.error?.message).toMatch(/batch/);
    const id = raw.served.clientId;
    expect(sink.rows.map(({ row: r }) => [r.clientId, r.tool, r.status, r.error, r.argsHash])).toEqual([
      [id, 'photos__list', 'invalid', 'invalidParams', argsHash({ limit: 1 })],
      [id, 'photos__nope', 'denied', 'unknownTool', argsHash({})],
    ]);
    // The connection goes on serving.
    expect((await raw.request(4, call(4, { name: 'photos__list', arguments: {}, _meta: envelope() }))).result?.isError).toBe(true);
  });

  it('a batch without a tools/call is answered -32600 (id null) and writes no row', async () => {
    const raw = await rawPipe('modern');
    raw.write(`${JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: envelope() } }])}\n`);
    expect((await raw.answerTo(null)).error?.code).toBe(-32600);
    expect(raw.host.audit.rows).toEqual([]);
  });
});

describe('stdio: no answer before its row, for every answer that has one', () => {
  const unknown = (id: number) => call(id, { name: 'photos__delete', arguments: {}, _meta: envelope() });

  it('an unknown tool: the -32602 answer waits for its held row and arrives once the row is written', async () => {
    const sink = scriptedAuditSink();
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink }) });
    const release = sink.hold();
    raw.write(`${JSON.stringify(unknown(2))}\n`);
    await expect.poll(() => sink.held).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(raw.answers.filter((a) => a.id === 2)).toEqual([]);
    release();
    expect((await raw.answerTo(2)).error).toEqual({ code: -32602, message: 'Unknown tool: photos__delete' });
    expect(sink.rows.map(({ row }) => [row.tool, row.error])).toEqual([['photos__delete', 'unknownTool']]);
  });

  it('an unknown tool whose row cannot be written fails closed as any call: unavailable: auditFailed, never Unknown tool', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink }) });
    const answer = await raw.request(2, unknown(2));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true });
    expect(sink.rows).toEqual([]);
    expect(raw.host.callPath.pendingAudit().map((p) => [p.row.tool, p.row.error])).toEqual([['photos__delete', 'unknownTool']]);
  });

  it('an unknown tool whose held row outlasts the audit timeout: unavailable: auditFailed before the release, never Unknown tool', async () => {
    const sink = scriptedAuditSink();
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink, auditTimeoutMs: 100 }) });
    const release = sink.hold();
    const answer = await raw.request(2, unknown(2));
    expect(sink.rows).toEqual([]);
    release();
    expect(answer.result).toMatchObject({ content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true });
  });

  it('a name that is not a string, whose row cannot be written: unavailable: auditFailed, not the -32602 Invalid tools/call', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink }) });
    const answer = await raw.request(2, call(2, { name: 7, arguments: {}, _meta: envelope() }));
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true });
  });

  it('a consent question (input_required) whose row cannot be written: unavailable: auditFailed, no question before its row', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const raw = await rawPipe('modern', { foreground: true, host: testCallPath(undefined, { sink }) });
    const answer = await raw.request(2, call(2, { name: 'photos__list', arguments: {}, _meta: envelope(true) }));
    expect(answer.result?.resultType).toBe('complete');
    expect(answer.result).toMatchObject({ content: [{ type: 'text', text: 'unavailable: auditFailed' }], isError: true });
    expect(sink.rows).toEqual([]);
  });

  it('a refused batch whose rows cannot be written fails closed: its -32600 answer says unavailable: auditFailed', async () => {
    const sink = scriptedAuditSink();
    sink.down = true;
    const raw = await rawPipe('modern', { host: testCallPath(undefined, { sink }) });
    raw.write(`${JSON.stringify([call(2, { name: 'photos__list', arguments: {}, _meta: envelope() })])}\n`);
    const answer = await raw.answerTo(null);
    expect(answer.error?.message).toMatch(/unavailable: auditFailed/);
    expect(raw.host.callPath.pendingAudit()).toHaveLength(1);
  });
});
