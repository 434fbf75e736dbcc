import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '@xcap/audit';
import { createHash } from 'node:crypto';
import { tokenPrefix } from '@xcap/tokens';
import { dropSchema, openStores, serverUrl } from './support/open-stores.js';
import { useOpenedStores } from './support/use-opened-stores.js';
import { errorOf } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const open = useOpenedStores();

const row = (tool: string): AuditRow => ({ appId: 'acme.album', clientId: 'ui', tool, status: 'ok', error: null, argsHash: 'sha256:00' });

describe('PostgresAuditSink', () => {
  it('a write resolves only once its row is committed: another connection sees it at that moment', async () => {
    const stores = await open({ host: 'host-a' });
    const reader = new pg.Client({ connectionString: serverUrl() });
    await reader.connect();
    try {
      const table = stores.database.names.audit;
      for (let i = 0; i < 20; i++) {
        await stores.audit.write(row(`t__${i}`), { at: new Date().toISOString(), durationMs: i });
        const seen = await reader.query(`SELECT tool, host, duration_ms FROM ${table} WHERE tool = $1`, [`t__${i}`]);
        expect(seen.rows).toEqual([{ tool: `t__${i}`, host: 'host-a', duration_ms: i }]);
      }
    } finally {
      await reader.end();
    }
  });

  it('close commits the rows still waiting and the one in flight before it resolves', async () => {
    const stores = await open({ maxAuditBatch: 2 });
    const committed: number[] = [];
    const writes = Array.from({ length: 5 }, (_, i) => stores.audit.write(row(`t__${i}`)).then(() => void committed.push(i)));
    await stores.audit.close();
    expect(committed.sort()).toEqual([0, 1, 2, 3, 4]);
    const table = stores.database.names.audit;
    const reader = new pg.Client({ connectionString: serverUrl() });
    await reader.connect();
    try {
      expect((await reader.query(`SELECT count(*)::int AS n FROM ${table}`)).rows).toEqual([{ n: 5 }]);
    } finally {
      await reader.end();
    }
    await Promise.all(writes);
    await expect(stores.audit.write(row('late'))).rejects.toThrow(errorOf(Error, /is closed; the row was not written/));
  });

  it('one tick of writes is one transaction; maxBatch splits a larger tick', async () => {
    const stores = await open({ maxAuditBatch: 100 });
    await Promise.all(Array.from({ length: 250 }, (_, i) => stores.audit.write(row(`t__${i}`))));
    expect(stores.audit.commits).toBe(3);
    expect(await stores.audit.count()).toBe(250);
  });

  it('query filters by app, tool, status and time, newest first; NUL is stored as U+FFFD', async () => {
    const stores = await open();
    await stores.audit.write(row('a__one'), { at: '2026-01-01T00:00:00.000Z', durationMs: 1 });
    await stores.audit.write({ ...row('a__two'), status: 'denied', error: 'consentNeeded' }, { at: '2026-02-01T00:00:00.000Z', durationMs: 2 });
    await stores.audit.write({ ...row('a\0three'), appId: 'other' });
    expect((await stores.audit.query()).map((r) => r.tool)).toEqual(['a\uFFFDthree', 'a__two', 'a__one']);
    expect((await stores.audit.query({ app: 'acme.album', status: 'denied' })).map((r) => [r.tool, r.error, r.at])).toEqual([
      ['a__two', 'consentNeeded', '2026-02-01T00:00:00.000Z'],
    ]);
    expect((await stores.audit.query({ since: '2026-01-15T00:00:00Z', app: 'acme.album' })).map((r) => r.tool)).toEqual(['a__two']);
    expect((await stores.audit.query({ tool: 'a__one' }))[0]?.durationMs).toBe(1);
    expect((await stores.audit.query({ limit: 1 })).length).toBe(1);
  });

  it('query is newest first by the numeric id past 9 rows (not the text order "9" > "10"), and limit keeps the newest', async () => {
    const stores = await open();
    for (let i = 1; i <= 12; i++) await stores.audit.write(row(`t__${i}`));
    const newestFirst = Array.from({ length: 12 }, (_, i) => `t__${12 - i}`);
    expect((await stores.audit.query()).map((r) => r.tool)).toEqual(newestFirst);
    expect((await stores.audit.query()).map((r) => r.id)).toEqual([...(await stores.audit.query()).map((r) => r.id)].sort((a, b) => b - a));
    expect((await stores.audit.query({ limit: 3 })).map((r) => r.tool)).toEqual(['t__12', 't__11', 't__10']);
  });

  it('a write after close rejects; close commits what is waiting', async () => {
    const stores = await openStores();
    const waiting = stores.audit.write(row('last'));
    await stores.audit.close();
    await expect(waiting).resolves.toBeUndefined();
    await expect(stores.audit.write(row('late'))).rejects.toThrow(errorOf(Error, 'is closed; the row was not written'));
    expect(await stores.audit.count()).toBe(1);
    await stores.close();
    await dropSchema(stores.database.names.schemaName);
  });
});

describe('sharedKey', () => {
  it('two hosts asking at once share one 32-byte key per name; another name is another key', async () => {
    const first = await open();
    const schema = first.database.names.schemaName;
    const others = await Promise.all([1, 2, 3].map(() => openStores({ schema })));
    try {
      const keys = await Promise.all([first, ...others].map((stores) => stores.sharedKey('consent-state')));
      for (const key of keys) expect(Buffer.from(key).equals(Buffer.from(keys[0] as Uint8Array))).toBe(true);
      expect(keys[0]?.length).toBe(32);
      expect(Buffer.from(await first.sharedKey('other')).equals(Buffer.from(keys[0] as Uint8Array))).toBe(false);
    } finally {
      for (const stores of others) await stores.close();
    }
  });
});

// The token contract (add, taken names, verify across hosts, list, revoke, names) is the token section of
// runStoreConformance in store-contract.test.ts; this is what only PostgreSQL's table shows.
describe('PostgresTokenStore', () => {
  it('keeps only the base64url SHA-256 of a token in its table, never the token', async () => {
    const a = await open();
    const token = await a.tokens.add('ci-bot');
    const stored = await a.database.query<{ name: string; sha256: string }>('read', `SELECT name, sha256 FROM ${a.database.names.tokens}`);
    expect(stored.rows).toEqual([{ name: 'ci-bot', sha256: createHash('sha256').update(token, 'utf8').digest('base64url') }]);
    expect(JSON.stringify(stored.rows)).not.toContain(token.slice(tokenPrefix.length));
  });
});
