import { describe, expect, it } from 'vitest';
import { auditRowColumns, auditStatuses, type AuditRow } from '../src/index.js';

const row: AuditRow = { appId: 'acme.album', clientId: 'run-1', tool: 'photos__list', status: 'ok', error: null, argsHash: 'sha256:00' };

describe('auditRowColumns', () => {
  it('answers the columns in the stored order, keeping a toISOString time and a duration', () => {
    expect(auditRowColumns(row, { at: '2026-07-14T05:40:00.000Z', durationMs: 1.5 }, 'TestSink')).toEqual([
      '2026-07-14T05:40:00.000Z',
      'acme.album',
      'run-1',
      'photos__list',
      'ok',
      null,
      'sha256:00',
      1.5,
      false,
    ]);
  });

  it('marks a row replayed only when meta.replayed is true', () => {
    expect(
      [true, false, undefined, 'yes'].map((replayed) => auditRowColumns(row, { at: '2026-07-14T05:40:00.000Z', durationMs: 1, replayed }, 'TestSink')[8]),
    ).toEqual([true, false, false, false]);
  });

  it('turns another readable time into UTC (a day past the end of the month as Date.parse reads it), and an unreadable one into the time of the write', () => {
    expect(auditRowColumns(row, { at: '2026-07-14T07:40:00+02:00', durationMs: 0 }, 'TestSink')[0]).toBe('2026-07-14T05:40:00.000Z');
    expect(auditRowColumns(row, { at: '2026-02-30T00:00:00.000Z', durationMs: 0 }, 'TestSink')[0]).toBe(
      new Date(Date.parse('2026-02-30T00:00:00.000Z')).toISOString(),
    );
    const before = Date.now();
    for (const at of ['yesterday', undefined]) {
      const stored = Date.parse(auditRowColumns(row, { at, durationMs: 0 }, 'TestSink')[0]);
      expect(stored).toBeGreaterThanOrEqual(before);
      expect(stored).toBeLessThanOrEqual(Date.now());
    }
  });

  it('stores no duration that is missing, negative or not finite', () => {
    for (const durationMs of [undefined, -1, Number.NaN, Infinity, '3']) expect(auditRowColumns(row, { durationMs }, 'TestSink')[7]).toBeNull();
  });

  it('refuses what is not an audit row with a TypeError naming the sink and the key', () => {
    expect(() => auditRowColumns(null as unknown as AuditRow, undefined, 'TestSink')).toThrow(new TypeError('TestSink.write: row must be an audit row object'));
    expect(() => auditRowColumns({ ...row, tool: 7 } as unknown as AuditRow, undefined, 'TestSink')).toThrow(
      new TypeError('TestSink.write: row.tool must be a string, got number'),
    );
    expect(() => auditRowColumns({ ...row, status: 'maybe' } as unknown as AuditRow, undefined, 'TestSink')).toThrow(
      new TypeError(`TestSink.write: row.status must be one of ${[...auditStatuses].join(', ')}, got "maybe"`),
    );
    expect(() => auditRowColumns({ ...row, error: 0 } as unknown as AuditRow, undefined, 'TestSink')).toThrow(
      new TypeError('TestSink.write: row.error must be a string or null, got number'),
    );
  });
});
