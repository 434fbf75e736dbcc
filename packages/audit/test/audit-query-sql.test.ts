import { describe, expect, it } from 'vitest';
import { auditQuerySql, type AuditQueryDialect } from '../src/index.js';

const sqlite: AuditQueryDialect = { sink: 'SqliteAuditSink', table: 'audit', columns: 'a, b', placeholder: () => '?' };
const postgres: AuditQueryDialect = { sink: 'PostgresAuditSink', table: 'xcap_audit', columns: 'a, b, host', placeholder: (n) => `$${n}` };

describe('auditQuerySql', () => {
  it('selects every row, newest first, without a filter', () => {
    expect(auditQuerySql({}, sqlite)).toEqual({ sql: 'SELECT a, b FROM audit ORDER BY id DESC', params: [] });
  });

  it('joins the conditions with AND in the order app, tool, status, since, each value a parameter in its dialect', () => {
    const filter = { app: 'acme.album', tool: 'photos__pick', status: 'ok' as const, since: '2026-03-01T10:00:00+01:00', limit: 5 };
    expect(auditQuerySql(filter, sqlite)).toEqual({
      sql: 'SELECT a, b FROM audit WHERE app_id = ? AND tool = ? AND status = ? AND at >= ? ORDER BY id DESC LIMIT ?',
      params: ['acme.album', 'photos__pick', 'ok', '2026-03-01T09:00:00.000Z', 5],
    });
    expect(auditQuerySql({ tool: "x' OR 1=1 --", limit: 2 }, postgres)).toEqual({
      sql: 'SELECT a, b, host FROM xcap_audit WHERE tool = $1 ORDER BY id DESC LIMIT $2',
      params: ["x' OR 1=1 --", 2],
    });
  });

  it('pages forward with afterId: id > n, oldest first, the limit keeping the oldest', () => {
    expect(auditQuerySql({ afterId: 7, limit: 100 }, postgres)).toEqual({
      sql: 'SELECT a, b, host FROM xcap_audit WHERE id > $1 ORDER BY id ASC LIMIT $2',
      params: [7, 100],
    });
    expect(auditQuerySql({ app: 'acme.album', afterId: 0 }, sqlite)).toEqual({
      sql: 'SELECT a, b FROM audit WHERE app_id = ? AND id > ? ORDER BY id ASC',
      params: ['acme.album', 0],
    });
  });

  it('refuses a bad filter naming the sink', () => {
    expect(() => auditQuerySql({ limit: 0 }, postgres)).toThrow(/^PostgresAuditSink\.query: limit must be a positive integer/);
    expect(() => auditQuerySql({ app: 7 as unknown as string }, sqlite)).toThrow(new TypeError('SqliteAuditSink.query: app must be a string'));
  });
});
