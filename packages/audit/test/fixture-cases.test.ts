import { describe, expect, it } from 'vitest';
import type { Outcome, ToolCall, Verdict } from '@xcap/catalog';
import { brokerAuditRow, MemoryAuditSink } from '../src/index.js';
import { cases } from './fixture.js';

interface AuditCase {
  name: string;
  appId: string;
  client: string | null;
  call: ToolCall;
  verdict: Verdict;
  outcome: Outcome | null;
  expected: unknown;
}

describe('auditCases', () => {
  for (const c of cases<AuditCase>('auditCases')) {
    it(c.name, () => {
      const row = brokerAuditRow(c);
      expect(row).toEqual(c.expected);
      expect(JSON.stringify(row)).toBe(JSON.stringify(c.expected));
    });
  }
  it('a memory sink keeps every case row in write order', () => {
    const sink = new MemoryAuditSink();
    const all = cases<AuditCase>('auditCases');
    for (const c of all) sink.write(brokerAuditRow(c));
    expect(sink.rows).toEqual(all.map((c) => c.expected));
  });
});
