import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Outcome, RefusalReason, ToolCall, Verdict } from '@xcap/catalog';
import { argsHash, brokerAuditRow, MemoryAuditSink, type BrokerAuditInput } from '../src/index.js';

const app = 'at.exponential.photobook';
const emptyHash = 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a';
const call: ToolCall = { from: 'ui', name: 'photos_pick', arguments: {} };
const callVerdict: Verdict = { verdict: 'call', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null };

function row(over: Partial<BrokerAuditInput>) {
  return brokerAuditRow({ appId: app, client: null, call, verdict: callVerdict, outcome: 'ok', ...over });
}

describe('argsHash (clarification 2)', () => {
  it('is sha256 of the canonical JSON, lowercase hex', () => {
    expect(argsHash({})).toBe(emptyHash);
    const args = { b: [1, 2], a: 'é' };
    expect(argsHash(args)).toBe(`sha256:${createHash('sha256').update('{"a":"é","b":[1,2]}', 'utf8').digest('hex')}`);
  });
  it('absent arguments count as {}', () => {
    expect(argsHash(undefined)).toBe(emptyHash);
    expect(argsHash(null)).toBe(emptyHash);
  });
  it('does not depend on key order or number spelling', () => {
    expect(argsHash({ a: 1, b: { c: 2.5, d: [] } })).toBe(argsHash(JSON.parse('{"b":{"d":[],"c":25e-1},"a":1.0}')));
  });
  it('hashes the arguments as received: a default the bridge adds later changes the hash', () => {
    expect(argsHash({ limit: 10 })).not.toBe(argsHash({}));
  });
  it('non-JSON arguments are a TypeError', () => {
    expect(() => argsHash({ a: () => 1 })).toThrow(TypeError);
  });
});

describe('brokerAuditRow: a hash already computed', () => {
  it('records the given argsHash instead of hashing the arguments again (the call path hashes once)', () => {
    const given = `sha256:${'a'.repeat(64)}`;
    expect(row({ argsHash: given }).argsHash).toBe(given);
    expect(row({}).argsHash).toBe(emptyHash);
  });
});

describe('brokerAuditRow: status and error (clarification 3)', () => {
  const outcomes: [Outcome, string, string | null][] = [
    ['ok', 'ok', null],
    ['isError', 'failed', null],
    ['invalidParams', 'invalid', 'invalidParams'],
    ['rpcError', 'upstream', 'rpcError'],
    ['unreachable', 'upstream', 'unreachable'],
    ['timeout', 'upstream', 'timeout'],
  ];
  for (const [outcome, status, error] of outcomes) {
    it(`call verdict, outcome ${outcome} → ${status}, error ${String(error)}`, () => {
      expect(row({ outcome })).toEqual({ appId: app, clientId: 'ui', tool: 'photos__pick', status, error, argsHash: emptyHash });
    });
  }
  const reasons: RefusalReason[] = ['hostOnly', 'notDeclared', 'originNotDeclared', 'needsForeground', 'consentDenied', 'consentNeeded'];
  for (const reason of reasons) {
    it(`denied/${reason} → denied, error ${reason}`, () => {
      const r = row({ verdict: { ...callVerdict, verdict: 'denied', reason }, outcome: null });
      expect([r.status, r.error]).toEqual(['denied', reason]);
    });
  }
  it('unknown → denied/unknownTool, unavailable → denied/unavailable', () => {
    const unknown: Verdict = { verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' };
    expect([row({ verdict: unknown, outcome: null }).status, row({ verdict: unknown, outcome: null }).error]).toEqual(['denied', 'unknownTool']);
    const unavailable: Verdict = { ...callVerdict, verdict: 'unavailable', reason: 'unavailable' };
    expect(row({ verdict: unavailable, outcome: null }).error).toBe('unavailable');
  });
  it('a refusal with an undefined outcome is accepted as no outcome', () => {
    expect(row({ verdict: { ...callVerdict, verdict: 'denied', reason: 'notDeclared' }, outcome: undefined }).status).toBe('denied');
  });
});

describe('brokerAuditRow: who and what', () => {
  it('an agent call carries the run id and keeps its name', () => {
    const r = row({ client: 'run-7', call: { from: 'agent', name: 'photos__pick', arguments: { limit: 3 } } });
    expect(r.clientId).toBe('run-7');
    expect(r.tool).toBe('photos__pick');
    expect(r.argsHash).toBe(argsHash({ limit: 3 }));
  });
  it('UI names in the qualified spelling, a UI name without "_" as called', () => {
    const unknown: Verdict = { verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' };
    expect(row({ call: { from: 'ui', name: 'photos_pick' } }).tool).toBe('photos__pick');
    expect(row({ call: { from: 'ui', name: 'photos' }, verdict: unknown, outcome: null }).tool).toBe('photos');
    expect(row({ call: { from: 'agent', name: 'photos_pick' }, client: 'run-1', verdict: unknown, outcome: null }).tool).toBe('photos_pick');
    expect(row({ call: { from: 'ui', name: 'a_b_c' }, verdict: unknown, outcome: null }).tool).toBe('a__b_c');
  });
  it('a call without arguments hashes as {}', () => {
    expect(row({ call: { from: 'ui', name: 'photos_pick' } }).argsHash).toBe(emptyHash);
  });
  it("the row has exactly audit.json's fields, in order", () => {
    expect(Object.keys(row({}))).toEqual(['appId', 'clientId', 'tool', 'status', 'error', 'argsHash']);
  });
});

describe('brokerAuditRow: programming errors are TypeErrors', () => {
  const cases: [string, Partial<BrokerAuditInput>, RegExp][] = [
    ['an ask verdict (not final)', { verdict: { ...callVerdict, verdict: 'ask' }, outcome: null }, /"ask" verdict is not final/],
    ['a call verdict without an outcome', { outcome: null }, /needs the call's outcome, got null/],
    ['a call verdict with an unknown outcome', { outcome: 'exploded' as Outcome }, /needs the call's outcome, got "exploded"/],
    ['a call verdict with a prototype name as outcome', { outcome: 'toString' as Outcome }, /needs the call's outcome/],
    ['a refusal with an outcome', { verdict: { ...callVerdict, verdict: 'denied', reason: 'notDeclared' }, outcome: 'ok' }, /never ran/],
    ['a denied verdict without a reason', { verdict: { ...callVerdict, verdict: 'denied', reason: null }, outcome: null }, /needs its reason/],
    [
      'a denied verdict with a made-up reason',
      { verdict: { ...callVerdict, verdict: 'denied', reason: 'because' as RefusalReason }, outcome: null },
      /needs its reason, got "because"/,
    ],
    ['not a verdict', { verdict: { verdict: 'maybe' } as unknown as Verdict }, /not a verdict: "maybe"/],
    ['a null verdict', { verdict: null as unknown as Verdict }, /not a verdict/],
    ['an agent call without a run id', { call: { from: 'agent', name: 'photos__pick' }, client: null }, /run id/],
    ['a UI call with a client', { client: 'run-1' }, /UI call has no client/],
    ['an empty appId', { appId: '' }, /appId/],
    ['a call without a name', { call: { from: 'ui' } as ToolCall }, /call must be/],
    ['a call from nowhere', { call: { from: 'host', name: 'x' } as unknown as ToolCall }, /call must be/],
    ['arguments that are not JSON', { call: { ...call, arguments: { when: new Date(0) } } }, /canonicalJson: a Date at \/when/],
  ];
  for (const [name, over, message] of cases) {
    it(name, () => {
      expect(() => row(over)).toThrow(TypeError);
      expect(() => row(over)).toThrow(message);
    });
  }
});

describe('MemoryAuditSink', () => {
  it('keeps rows in write order', () => {
    const sink = new MemoryAuditSink();
    const a = row({});
    const b = row({ outcome: 'timeout' });
    sink.write(a);
    sink.write(b);
    expect(sink.rows).toEqual([a, b]);
  });

  it('records the meta passed with each row at the same index', () => {
    const sink = new MemoryAuditSink();
    sink.write(row({}), { at: '2026-11-01T10:00:00.000Z', durationMs: 3.5 });
    sink.write(row({}));
    expect(sink.metas).toEqual([{ at: '2026-11-01T10:00:00.000Z', durationMs: 3.5 }, undefined]);
  });
});
