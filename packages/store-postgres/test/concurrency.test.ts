import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentAnswer } from '@xcap/broker';
import type { Verdict } from '@xcap/catalog';
import { type PostgresStores, QuotaExceededError } from '../src/index.js';
import { dropSchema, freshSchema, openStores } from './support/open-stores.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

let opened: PostgresStores[] = [];
let schemas: string[] = [];
afterEach(async () => {
  for (const stores of opened) await stores.close();
  for (const schema of schemas) await dropSchema(schema);
  opened = [];
  schemas = [];
});

/** Two hosts: two pools on one schema. */
async function twoHosts(options: { quotaBytes?: number } = {}): Promise<[PostgresStores, PostgresStores]> {
  const schema = freshSchema();
  schemas.push(schema);
  const [a, b] = await Promise.all([openStores({ schema, ...options }), openStores({ schema, ...options })]);
  opened.push(a, b);
  return [a, b];
}

const askVerdict: Verdict = { verdict: 'ask', reason: null, scope: 'photos.read', capability: 'photos', tool: 'pick' };

describe('two hosts at once', () => {
  it('racing consent answers for one scope end in one row holding one of the answers, never an error', async () => {
    const [a, b] = await twoHosts();
    for (let round = 0; round < 20; round++) {
      const scope = `scope.${round}`;
      const verdict = { ...askVerdict, scope };
      const replies = round % 2 === 0 ? (['allow', 'deny'] as const) : (['deny', 'allow'] as const);
      const answers = await Promise.all([
        consentAnswer(a.grants, 'acme.album', verdict, replies[0]),
        consentAnswer(b.grants, 'acme.album', verdict, replies[1]),
      ]);
      expect(answers.map((v) => v.verdict).sort()).toEqual(['call', 'denied']);
      const stored = await a.grants.get('acme.album', scope);
      expect(['granted', 'denied']).toContain(stored);
      expect(await b.grants.get('acme.album', scope)).toBe(stored);
      const rows = await a.database.query<{ n: string }>(
        'count',
        `SELECT count(*)::text AS n FROM ${a.database.names.grants} WHERE app_id = $1 AND scope = $2`,
        ['acme.album', scope],
      );
      expect(rows.rows[0]?.n).toBe('1');
    }
  });

  it("a grant written through one host decides the other host's next read (no stale cache)", async () => {
    const [a, b] = await twoHosts();
    for (const grant of ['granted', 'denied', 'granted'] as const) {
      await a.grants.set('acme.album', 'photos.read', grant);
      expect(await b.grants.get('acme.album', 'photos.read')).toBe(grant);
    }
    await b.grants.delete('acme.album', 'photos.read');
    expect(await a.grants.get('acme.album', 'photos.read')).toBeUndefined();
  });

  it('racing puts cannot both pass the quota check: the stored bytes never exceed it', async () => {
    const quotaBytes = 10_000;
    const [a, b] = await twoHosts({ quotaBytes });
    const file = new Uint8Array(1_000);
    const puts = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).blobs.put('acme.album', 'x.bin', 'application/octet-stream', file));
    const results = await Promise.allSettled(puts);
    const stored = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toBeInstanceOf(QuotaExceededError);
    const used = await a.blobs.usage('acme.album');
    expect(used).toBeLessThanOrEqual(quotaBytes);
    const perFile = used / stored;
    // as many as fit, no more: one more file would not have fitted
    expect(used + perFile).toBeGreaterThan(quotaBytes);
    expect(stored + refused.length).toBe(30);
    expect((await b.blobs.list('acme.album')).length).toBe(stored);
  });
});
