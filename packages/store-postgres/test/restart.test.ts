import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createCallPath, type CallAnswer, type CallPath } from '@xcap/call';
import { loadCatalog } from '@xcap/catalog';
import { createPostgresStores, type PostgresStores } from '../src/index.js';
import { type PostgresServer, startPostgresServer } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

// This file restarts its server, so it runs one of its own (the run's shared server stays up for the other files).
let server: PostgresServer;
let stores: PostgresStores;

beforeAll(async () => {
  server = await startPostgresServer();
  stores = await createPostgresStores(server.url, { schema: 'restart', connectTimeoutMs: 1000, statementTimeoutMs: 5000 });
}, 60_000);

afterAll(async () => {
  await stores?.close();
  await server?.stop();
});

const catalog = loadCatalog(JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')));
const app = 'acme.album';

function callPath(): CallPath {
  return createCallPath({
    catalog,
    app: { id: app, screens: ['albums'], manifest: [{ id: 'photos.read', why: 'Pick the photos for an album.' }] },
    provided: ['photos'],
    providers: {
      photos: {
        pick: async () => ({ structuredContent: { photos: [{ id: 'ph-1', name: 'a.jpg', mimeType: 'image/jpeg', takenAt: null, data: 'aGk=' }] } }),
        get: async () => ({ isError: 'notFound' }),
        list: async () => ({ structuredContent: { photos: [], cursor: null } }),
      },
    },
    blobs: stores.blobs,
    grants: stores.grants,
    audit: stores.audit,
    consent: async () => 'dismiss' as const,
    clock: () => new Date(),
    randomHex: () => '0123456789abcdef0123456789abcdef',
    auditTimeoutMs: 3000,
  });
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung for ${ms} ms`)), ms);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

const text = (answer: CallAnswer) =>
  answer.kind === 'result'
    ? answer.result.isError === true
      ? answer.result.content[0]?.type === 'text'
        ? answer.result.content[0].text
        : 'isError'
      : 'ok'
    : 'rpcError';

it('pg_ctl restart -m fast during a stream of calls: no crash or hang, defined outcomes, every row and acknowledged grant in the database afterwards', async () => {
  await stores.grants.set(app, 'photos.read', 'granted');
  const path = callPath();
  const outcomes = new Map<string, number>();
  const clients: string[] = [];
  const grantsAcked: string[] = [];
  let n = 0;
  let stop = false;
  const worker = async (w: number) => {
    while (!stop) {
      const client = `run-${w}-${n++}`;
      clients.push(client);
      const answer = await within(
        path.call({ from: 'agent', name: 'photos__pick', arguments: { limit: 1 }, foreground: false, client }),
        15_000,
        `call ${client}`,
      );
      outcomes.set(text(answer), (outcomes.get(text(answer)) ?? 0) + 1);
      const scope = `extra.${client}`;
      await within(
        Promise.resolve(stores.grants.set(app, scope, 'granted')).then(
          () => grantsAcked.push(scope),
          () => undefined,
        ),
        15_000,
        `grant ${scope}`,
      );
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  await new Promise((resolve) => setTimeout(resolve, 700));
  const before = n;
  await server.restart();
  await new Promise((resolve) => setTimeout(resolve, 700));
  stop = true;
  await within(Promise.all(workers), 20_000, 'the workers');
  expect(n - before).toBeGreaterThan(0);
  // every call ended in a defined outcome (its own row failing to commit during the outage is `unavailable: auditFailed`)
  for (const outcome of outcomes.keys()) expect(outcome).toMatch(/^(ok|unavailable|unavailable: auditFailed|denied: consentNeeded|storeFailed.*)$/);

  // the rows of calls during the outage were queued; the retries bring them in
  const deadline = Date.now() + 20_000;
  let pending = path.pendingAudit().length;
  while (pending > 0 && Date.now() < deadline) pending = await path.flushAudit();
  expect(pending).toBe(0);
  expect(path.auditState()).toBe('ok');

  const rows = await stores.audit.query({ app });
  const stored = new Set(rows.map((r) => r.clientId));
  expect(clients.filter((c) => !stored.has(c))).toEqual([]);
  expect(rows.length).toBeGreaterThanOrEqual(clients.length);
  const grants = await stores.grants.grantsOf(app);
  expect(grantsAcked.filter((scope) => grants[scope] !== 'granted')).toEqual([]);
  console.log(
    `restart: ${clients.length} calls, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}, ${rows.length} rows, ${grantsAcked.length} grants acknowledged`,
  );
}, 90_000);
