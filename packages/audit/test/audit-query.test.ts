import { describe, expect, it } from 'vitest';
import { checkAuditQuery } from '../src/index.js';

describe('checkAuditQuery', () => {
  it('answers no conditions and no limit for an empty filter', () => {
    expect(checkAuditQuery({}, 'TestSink')).toEqual({ where: [], limit: undefined, ascending: false });
  });

  it('answers the conditions in column order, since in UTC, and the limit', () => {
    expect(checkAuditQuery({ limit: 5, since: '2026-07-14T07:40:00+02:00', status: 'denied', tool: 'photos__pick', app: 'acme.album' }, 'TestSink')).toEqual({
      where: [
        { column: 'app_id', operator: '=', value: 'acme.album' },
        { column: 'tool', operator: '=', value: 'photos__pick' },
        { column: 'status', operator: '=', value: 'denied' },
        { column: 'at', operator: '>=', value: '2026-07-14T05:40:00.000Z' },
      ],
      limit: 5,
      ascending: false,
    });
  });

  it('answers afterId as id > n, last, and the rows oldest first; 0 and the largest safe integer are taken', () => {
    expect(checkAuditQuery({ afterId: 41, tool: 'photos__pick', limit: 3 }, 'TestSink')).toEqual({
      where: [
        { column: 'tool', operator: '=', value: 'photos__pick' },
        { column: 'id', operator: '>', value: 41 },
      ],
      limit: 3,
      ascending: true,
    });
    expect(checkAuditQuery({ afterId: 0 }, 'TestSink').where).toEqual([{ column: 'id', operator: '>', value: 0 }]);
    expect(checkAuditQuery({ afterId: Number.MAX_SAFE_INTEGER }, 'TestSink').ascending).toBe(true);
  });

  it('refuses an afterId that is not a non-negative safe integer with a RangeError', () => {
    for (const afterId of [-1, 1.5, Number.NaN, 2 ** 53, '3' as never])
      expect(() => checkAuditQuery({ afterId }, 'TestSink'), String(afterId)).toThrow(
        new RangeError(`TestSink.query: afterId must be a non-negative integer, got ${String(afterId)}`),
      );
  });

  it('refuses a filter that is not strings with a TypeError naming the sink and the key', () => {
    for (const key of ['app', 'tool', 'status'] as const)
      expect(() => checkAuditQuery({ [key]: 7 }, 'TestSink')).toThrow(new TypeError(`TestSink.query: ${key} must be a string`));
  });

  it('refuses an unreadable since and a limit that is not a positive integer with a RangeError', () => {
    expect(() => checkAuditQuery({ since: 'yesterday' }, 'TestSink')).toThrow(
      new RangeError('TestSink.query: since must be an ISO 8601 time, got "yesterday"'),
    );
    expect(() => checkAuditQuery({ since: 7 as never }, 'TestSink')).toThrow(RangeError);
    for (const limit of [0, -1, 1.5, Number.NaN, 2 ** 53])
      expect(() => checkAuditQuery({ limit }, 'TestSink'), String(limit)).toThrow(
        new RangeError(`TestSink.query: limit must be a positive integer, got ${String(limit)}`),
      );
  });
});
