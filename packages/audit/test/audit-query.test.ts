import { describe, expect, it } from 'vitest';
import { checkAuditQuery } from '../src/index.js';

describe('checkAuditQuery', () => {
  it('answers no conditions and no limit for an empty filter', () => {
    expect(checkAuditQuery({}, 'TestSink')).toEqual({ where: [], limit: undefined });
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
    });
  });

  it('answers afterId as id > afterId, last; 0 is a bound; a negative, fractional or unsafe afterId is a RangeError', () => {
    expect(checkAuditQuery({ afterId: 41, app: 'acme.album' }, 'TestSink').where).toEqual([
      { column: 'app_id', operator: '=', value: 'acme.album' },
      { column: 'id', operator: '>', value: 41 },
    ]);
    expect(checkAuditQuery({ afterId: 0 }, 'TestSink').where).toEqual([{ column: 'id', operator: '>', value: 0 }]);
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
