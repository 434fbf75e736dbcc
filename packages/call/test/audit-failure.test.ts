import { describe, it, expect } from 'vitest';
import type { AuditRow, AuditWriteMeta } from '@xcap/audit';
import { auditFailedText, HostSetupError, type AuditStateChange } from '../src/index.js';
import { appId, setup } from './setup.js';

const ui = (name: string, args?: unknown) => ({ from: 'ui' as const, name, ...(args === undefined ? {} : { arguments: args }), foreground: true });
const agent = (name: string, args?: unknown) => ({ from: 'agent' as const, name, arguments: args, foreground: false, client: 'run-7' });
const text = (answer: { kind: string; result?: { content: { text: string }[] } }) => answer.result?.content[0]?.text;

/** A sink that fails (like a full disk) while `down` is true, and records what it took. */
function scriptedSink() {
  const sink = {
    down: false,
    attempts: 0,
    rows: [] as AuditRow[],
    write(row: AuditRow, _meta?: AuditWriteMeta) {
      sink.attempts++;
      if (sink.down) throw new Error('SQLITE_FULL: database or disk is full');
      sink.rows.push(row);
    },
  };
  return sink;
}

describe('no answer without its row (auditFailure: suspend, the default)', () => {
  it('the call whose row fails answers unavailable: auditFailed; its row keeps the real outcome', async () => {
    const sink = scriptedSink();
    const { path, grants, nativeCalls } = setup({ audit: sink });
    grants.set(appId, 'photos.read', 'granted');
    sink.down = true;
    const answer = await path.call(ui('photos_pick', { limit: 1 }));
    expect(nativeCalls).toHaveLength(1);
    expect(answer.kind).toBe('result');
    expect(text(answer as never)).toBe('unavailable: auditFailed');
    expect(answer.kind === 'result' && answer.result.isError).toBe(true);
    expect(answer.outcome).toBe('ok');
    expect(path.pendingAudit().map((p) => [p.row.tool, p.row.status])).toEqual([['photos__pick', 'ok']]);
    expect(path.auditState()).toBe('suspended');
  });

  it('while suspended, new calls are refused unavailable before grants, consent or natives; one state line each way', async () => {
    const sink = scriptedSink();
    const states: AuditStateChange[] = [];
    const errors: unknown[] = [];
    const { path, grants, nativeCalls, asked } = setup(
      { audit: sink, onAuditState: (change) => states.push(change), onAuditError: (error) => errors.push(error) },
      ['allow'],
    );
    grants.set(appId, 'photos.read', 'granted');
    let grantReads = 0;
    const get = grants.get.bind(grants);
    grants.get = (...args: Parameters<typeof get>) => {
      grantReads++;
      return get(...args);
    };
    sink.down = true;
    await path.call(ui('photos_pick', {}));
    const readsBefore = grantReads;
    const refused = [];
    for (let i = 0; i < 10; i++) refused.push(await path.call(ui(i % 2 === 0 ? 'photos_pick' : 'share_send', { text: 'x' })));
    expect(refused.map((a) => a.verdict.verdict)).toEqual(Array(10).fill('unavailable'));
    expect(refused.every((a) => a.kind === 'result' && a.result.isError === true)).toBe(true);
    expect(nativeCalls).toHaveLength(1);
    expect(asked).toHaveLength(0);
    expect(grantReads).toBe(readsBefore);
    expect(path.pendingAudit()).toHaveLength(11);
    expect(states).toEqual([{ state: 'suspended', pending: 1, error: 'SQLITE_FULL: database or disk is full' }]);
    expect(errors.length).toBeGreaterThan(1);

    sink.down = false;
    const back = await path.call(ui('photos_pick', {}));
    expect(back.kind === 'result' && back.result.isError).not.toBe(true);
    expect(nativeCalls).toHaveLength(2);
    expect(states.map((s) => s.state)).toEqual(['suspended', 'ok']);
    expect(path.auditState()).toBe('ok');
    await expect(path.flushAudit()).resolves.toBe(0);
    expect(sink.rows).toHaveLength(12);
    expect(sink.rows.filter((r) => r.status === 'ok')).toHaveLength(2);
    expect(sink.rows.filter((r) => r.error === 'unavailable')).toHaveLength(10);
  });

  it("an agent's unknown tool whose row is not committed fails closed (unavailable: auditFailed, not -32602); its row is queued", async () => {
    const sink = scriptedSink();
    const { path } = setup({ audit: sink });
    sink.down = true;
    await path.call(agent('photos__pick', {}));
    const unknown = await path.call(agent('photos__delete', {}));
    expect(unknown.kind === 'result' && unknown.result).toEqual({ content: [{ type: 'text', text: auditFailedText }], isError: true });
    expect(path.pendingAudit().map((p) => p.row.error)).toEqual(['consentNeeded', 'unknownTool']);
    // Once a row is committed again, the unknown tool is -32602 as always.
    sink.down = false;
    const back = await path.call(agent('photos__delete', {}));
    expect(back.kind === 'rpcError' && back.error.message).toBe('Unknown tool: photos__delete');
  });

  it('auditFailure: ignore answers an unknown tool -32602 while the sink fails', async () => {
    const sink = scriptedSink();
    const { path } = setup({ audit: sink, auditFailure: 'ignore' });
    sink.down = true;
    expect((await path.call(agent('photos__delete', {}))).kind).toBe('rpcError');
  });

  it('auditFailure: ignore answers normally while the sink fails and reports the state as failing', async () => {
    const sink = scriptedSink();
    const states: AuditStateChange[] = [];
    const { path, grants, nativeCalls } = setup({ audit: sink, auditFailure: 'ignore', onAuditState: (change) => states.push(change) });
    grants.set(appId, 'photos.read', 'granted');
    sink.down = true;
    const answers = [await path.call(ui('photos_pick', {})), await path.call(ui('photos_pick', {}))];
    expect(answers.map((a) => a.kind === 'result' && a.result.isError === true)).toEqual([false, false]);
    expect(nativeCalls).toHaveLength(2);
    expect(states.map((s) => s.state)).toEqual(['failing']);
    expect(path.auditState()).toBe('failing');
  });

  it('closeAudit answers the rows still unwritten; calls after it are refused before anything runs', async () => {
    const sink = scriptedSink();
    const { path, grants, nativeCalls } = setup({ audit: sink, auditFailure: 'ignore' });
    grants.set(appId, 'photos.read', 'granted');
    sink.down = true;
    await path.call(ui('photos_pick', {}));
    const left = await path.closeAudit();
    expect(left.map((p) => p.row.tool)).toEqual(['photos__pick']);
    sink.down = false;
    const after = await path.call(ui('photos_pick', {}));
    expect(after.verdict.verdict).toBe('unavailable');
    expect(nativeCalls).toHaveLength(1);
  });

  it('a bad auditFailure or onAuditState is a setup problem', () => {
    const attempt = () => setup({ auditFailure: 'sometimes' as never, onAuditState: 'log' as never });
    expect(attempt).toThrow(HostSetupError);
    expect(attempt).toThrow(/auditFailure: not "suspend" or "ignore"[\s\S]*onAuditState: not a function/);
  });
});
