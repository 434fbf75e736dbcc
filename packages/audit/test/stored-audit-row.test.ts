import { describe, expect, it } from 'vitest';
import { storedAuditColumns, storedAuditRow } from '../src/index.js';

describe('storedAuditRow', () => {
  const record = {
    id: 7,
    at: '2026-07-14T05:40:00.000Z',
    app_id: 'acme.album',
    client_id: 'run-1',
    tool: 'photos__pick',
    status: 'denied',
    error: 'consentNeeded',
    args_hash: 'sha256:00',
    duration_ms: 1.5,
    replayed: 0,
  };

  it("maps a SQLite record's columns to the row's fields", () => {
    expect(storedAuditRow(record)).toEqual({
      id: 7,
      at: '2026-07-14T05:40:00.000Z',
      appId: 'acme.album',
      clientId: 'run-1',
      tool: 'photos__pick',
      status: 'denied',
      error: 'consentNeeded',
      argsHash: 'sha256:00',
      durationMs: 1.5,
      replayed: false,
    });
  });

  it("reads replayed from SQLite's 1 and PostgreSQL's true; anything else is false", () => {
    expect([1, true, 0, false, null, '1'].map((replayed) => storedAuditRow({ ...record, replayed }).replayed)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("takes PostgreSQL's bigint id as a string and its time as a Date", () => {
    const row = storedAuditRow({ ...record, id: '12', at: new Date('2026-07-14T07:40:00+02:00'), error: null, duration_ms: null });
    expect([row.id, row.at, row.error, row.durationMs]).toEqual([12, '2026-07-14T05:40:00.000Z', null, null]);
  });

  it('selects exactly the columns it maps', () => {
    expect(storedAuditColumns.split(', ').sort()).toEqual(Object.keys(record).sort());
  });
});
