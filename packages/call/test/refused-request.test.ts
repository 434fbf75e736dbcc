import { describe, it, expect } from 'vitest';
import { argsHash, type AuditRow } from '@xcap/audit';
import { appId, setup } from './setup.js';
import { errorOf } from '@xcap/test-support';

const why = 'Request is missing the required _meta envelope';
const refused = (name: string, args?: unknown) => ({ from: 'agent' as const, name, arguments: args, foreground: true, client: 'run-7', refused: why });
const text = (answer: { kind: string; result?: { content: { text: string }[] } }) => answer.result?.content[0]?.text;

/** A sink that fails while `down` is true, and records what it took. */
function scriptedSink() {
  const sink = {
    down: false,
    rows: [] as AuditRow[],
    write(row: AuditRow) {
      if (sink.down) throw new Error('SQLITE_FULL: database or disk is full');
      sink.rows.push(row);
    },
  };
  return sink;
}

describe('a request the protocol layer refused (request.refused)', () => {
  it('is only audited: invalid/invalidParams with the hash of the arguments as received; no grant read, no consent, no native', async () => {
    const { path, grants, audit, asked, nativeCalls } = setup({}, ['allow']);
    let grantReads = 0;
    const get = grants.get.bind(grants);
    grants.get = (...args: Parameters<typeof get>) => {
      grantReads++;
      return get(...args);
    };
    const answer = await path.call(refused('photos__pick', { limit: 2 }));
    expect(answer.kind).toBe('result');
    expect(text(answer as never)).toBe(`invalidParams: ${why}`);
    expect(answer.outcome).toBe('invalidParams');
    expect(grantReads).toBe(0);
    expect(asked).toHaveLength(0);
    expect(nativeCalls).toHaveLength(0);
    expect(audit.rows).toEqual([
      { appId, clientId: 'run-7', tool: 'photos__pick', status: 'invalid', error: 'invalidParams', argsHash: argsHash({ limit: 2 }) },
    ]);
  });

  it('a name that is not a tool of the catalog is the unknown row (and -32602 for an agent)', async () => {
    const { path, audit } = setup();
    const answer = await path.call(refused('photos__delete', []));
    expect(answer.kind).toBe('rpcError');
    expect(answer.kind === 'rpcError' && answer.error).toEqual({ code: -32602, message: 'Unknown tool: photos__delete' });
    expect(audit.rows.map((r) => [r.tool, r.status, r.error, r.argsHash])).toEqual([['photos__delete', 'denied', 'unknownTool', argsHash([])]]);
  });

  it('an unknown name whose row is not committed fails closed: unavailable: auditFailed, not -32602', async () => {
    const sink = scriptedSink();
    const { path } = setup({ audit: sink });
    sink.down = true;
    const answer = await path.call(refused('photos__delete', []));
    expect(answer.kind === 'result' && text(answer as never)).toBe('unavailable: auditFailed');
    expect(path.pendingAudit().map((p) => p.row.error)).toEqual(['unknownTool']);
  });

  it('a failing sink: the row stays pending (retried like every row) and the answer is unavailable: auditFailed; no throw', async () => {
    const sink = scriptedSink();
    const { path } = setup({ audit: sink });
    sink.down = true;
    const answer = await path.call(refused('photos__list', {}));
    expect(text(answer as never)).toBe('unavailable: auditFailed');
    expect(path.pendingAudit().map((p) => [p.row.tool, p.row.status])).toEqual([['photos__list', 'invalid']]);
    expect(path.auditState()).toBe('suspended');
    // While suspended, a refused request is still audited as what it was (nothing runs either way).
    await path.call(refused('photos__list', { limit: 1 }));
    sink.down = false;
    await expect(path.flushAudit()).resolves.toBe(0);
    expect(sink.rows.map((r) => [r.status, r.error])).toEqual([
      ['invalid', 'invalidParams'],
      ['invalid', 'invalidParams'],
    ]);
  });

  it('a full queue: one attempt, not kept when it fails (the bound holds), counted as unwritten', async () => {
    const sink = scriptedSink();
    const errors: unknown[] = [];
    const { path } = setup({ audit: sink, maxPendingAudit: 1, onAuditError: (error) => errors.push(error) });
    sink.down = true;
    await path.call(refused('photos__list', {}));
    expect(path.pendingAudit()).toHaveLength(1);
    await path.call(refused('photos__list', {}));
    expect(path.pendingAudit()).toHaveLength(1);
    expect(path.unwrittenRefusals()).toBe(1);
    // The row written while the queue is full still says what the request was (not `unavailable`: nothing was refused for the queue).
    sink.down = false;
    await path.call(refused('photos__pick', { limit: 1 }));
    expect(sink.rows.map((r) => [r.tool, r.status, r.error])).toContainEqual(['photos__pick', 'invalid', 'invalidParams']);
    expect(String(errors.at(-1))).toMatch(/audit queue is full/);
  });

  it('refused must be a non-empty string', async () => {
    const { path } = setup();
    await expect(path.call({ ...refused('photos__list', {}), refused: '' })).rejects.toThrow(errorOf(TypeError, /request.refused must be a non-empty string/));
    await expect(path.call({ ...refused('photos__list', {}), refused: 5 as never })).rejects.toThrow(errorOf(TypeError, /request.refused/));
  });
});
