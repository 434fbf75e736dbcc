/** The console relay over PostgreSQL: the database is the transport between xcap serve hosts and one running console. */
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf } from '@xcap/test-support';
import {
  ConsoleRunningError,
  consoleTables,
  findConsole,
  maxConsolePayloadBytes,
  openConsoleDesk,
  openConsoleHost,
  PostgresStoreError,
  type ConsoleHostRequest,
} from '../src/index.js';
import { useOpenedStores } from './support/use-opened-stores.js';

const open = useOpenedStores();
// Registered after useOpenedStores: runs first, so no listener holds a pool client when the stores close.
const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closer of closers.splice(0).reverse()) await closer.close().catch(() => undefined);
});
// A short heartbeat so the tests run fast; a long freshness, so a loaded machine never makes a live console look stale (a closed one has no row at all).
const timing = { heartbeatMs: 50, freshMs: 5_000, every: (beat: () => Promise<void>) => ticker.add(beat) };
/** The heartbeats of the test's hosts and consoles, run by hand (`tick`): no test waits on a real interval. */
const ticker = {
  beats: new Set<() => Promise<void>>(),
  add(beat: () => Promise<void>) {
    this.beats.add(beat);
    return () => this.beats.delete(beat);
  },
  async tick() {
    for (const beat of [...this.beats]) await beat();
  },
};
const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

async function deskOn(stores: Awaited<ReturnType<typeof open>>, url = 'http://127.0.0.1:4321/') {
  const seen = { requests: [] as ConsoleHostRequest[], ended: [] as string[], detached: [] as string[], grants: 0, lines: [] as string[] };
  const desk = await openConsoleDesk(stores.database, {
    ...timing,
    url,
    onRequest: (request) => seen.requests.push(request),
    onEnd: (host, id) => seen.ended.push(`${host} ${id}`),
    onDetach: (host, id) => seen.detached.push(`${host} ${id}`),
    onGrants: () => seen.grants++,
    log: (line) => seen.lines.push(line),
  });
  closers.push(desk);
  return { desk, seen };
}
async function hostOn(stores: Awaited<ReturnType<typeof open>>) {
  const got = { messages: [] as unknown[], lost: 0, back: 0 };
  const host = await openConsoleHost(stores.database, {
    ...timing,
    onMessage: (message) => got.messages.push(message),
    onLost: () => got.lost++,
    onBack: () => got.back++,
  });
  closers.push(host);
  return { host, got };
}
const ask = (id: number, extra: Record<string, unknown> = {}) => ({ t: 'ask', id, kind: 'print', app: 'acme.album', deadline: Date.now() + 60_000, ...extra });

describe('the console relay over PostgreSQL', () => {
  it('a host finds the console by its fresh presence; a request reaches it, its answer comes back and the row goes', async () => {
    const stores = await open();
    expect(await findConsole(stores.database, timing)).toBeUndefined();
    const { desk, seen } = await deskOn(stores);
    expect(await findConsole(stores.database, timing)).toEqual({ url: 'http://127.0.0.1:4321/' });
    const [one, two] = [await hostOn(stores), await hostOn(stores)];
    expect(await one.host.send(ask(0))).toBe(true);
    expect(await two.host.send(ask(0, { app: 'acme.notes' }))).toBe(true);
    await until(() => seen.requests.length === 2, 'two requests');
    const of = (app: string) => seen.requests.find((request) => (request.body as { app: string }).app === app);
    expect(of('acme.album')?.body).toMatchObject({ t: 'ask', id: 0, kind: 'print' });
    await desk.answer(of('acme.notes')?.host ?? '', 0, { printer: 'hall' });
    await until(() => two.got.messages.length === 1, 'the answer');
    expect(two.got.messages).toEqual([{ t: 'answer', id: 0, answer: { printer: 'hall' } }]);
    expect(one.got.messages).toEqual([]);
    await desk.answer(of('acme.album')?.host ?? '', 0, undefined);
    await until(() => one.got.messages.length === 1, 'the end');
    expect(one.got.messages).toEqual([{ t: 'ended', id: 0 }]);
    const rows = await stores.database.query(`count`, `SELECT count(*)::int AS n FROM ${consoleTables(stores.database.names).requests}`);
    expect(rows.rows[0]).toEqual({ n: 0 });
    await Promise.all([one.host.close(), two.host.close(), desk.close()]);
  });

  it('a host’s end and detach reach the console; grants wake it; closing a host ends its rows', async () => {
    const stores = await open();
    const { desk, seen } = await deskOn(stores);
    const { host } = await hostOn(stores);
    await host.send(ask(1));
    await host.send(ask(2));
    await until(() => seen.requests.length === 2, 'two requests');
    const hostId = seen.requests[0]?.host ?? '';
    await host.send({ t: 'detach', id: 1 });
    await until(() => seen.detached.length === 1, 'the detach');
    expect(seen.detached).toEqual([`${hostId} 1`]);
    await host.send({ t: 'end', id: 1 });
    await until(() => seen.ended.length === 1, 'the end');
    expect(seen.ended).toEqual([`${hostId} 1`]);
    await host.send({ t: 'grants' });
    await until(() => seen.grants === 1, 'grants');
    await host.close();
    await until(() => seen.ended.length === 2, 'the host’s close');
    await desk.close();
  });

  it('refuses a request past 256 KiB on the host; the table refuses one too', async () => {
    const stores = await open();
    const { desk } = await deskOn(stores);
    const { host } = await hostOn(stores);
    const pad = (bytes: number) => 'x'.repeat(bytes - JSON.stringify(ask(3, { pad: '' })).length);
    expect(await host.send(ask(3, { pad: pad(maxConsolePayloadBytes) }))).toBe(true);
    expect(await host.send(ask(4, { pad: pad(maxConsolePayloadBytes + 1) }))).toBe(false);
    const t = consoleTables(stores.database.names);
    await expect(
      stores.database.query('too big', `INSERT INTO ${t.requests} (host_id, request_id, body) VALUES ('h', 1, $1)`, ['y'.repeat(maxConsolePayloadBytes + 1)]),
    ).rejects.toThrow(errorOf(PostgresStoreError, /check constraint/));
    await host.close();
    await desk.close();
  });

  it('a second console is refused while the first is fresh; a host notices a stale console (lost) and a fresh one (back)', async () => {
    const stores = await open();
    const first = await deskOn(stores);
    await expect(deskOn(stores, 'http://127.0.0.1:5555/')).rejects.toThrow(
      errorOf(ConsoleRunningError, 'a console already runs on this database (at http://127.0.0.1:4321/)'),
    );
    const { host, got } = await hostOn(stores);
    await host.send(ask(5));
    await until(() => first.seen.requests.length === 1, 'the request');
    await first.desk.close();
    await until(() => got.messages.length === 1, 'the close');
    expect(got.messages).toEqual([{ t: 'ended', id: 5 }]);
    expect(got.lost).toBe(0);
    await ticker.tick();
    expect(got.lost).toBe(1);
    expect(await host.send(ask(6))).toBe(false);
    const second = await deskOn(stores, 'http://127.0.0.1:5555/');
    expect(got.back).toBe(0);
    await ticker.tick();
    expect(got.back).toBe(1);
    expect(await host.send(ask(7))).toBe(true);
    await until(() => second.seen.requests.length === 1, 'the request on the new console');
    await host.close();
    await second.desk.close();
  });

  it('removes the rows of a host that died (deadline passed) without showing them; a row whose JSON does not parse is passed on as undefined', async () => {
    const stores = await open();
    const t = consoleTables(stores.database.names);
    await stores.database.query(
      'dead host',
      `INSERT INTO ${t.requests} (host_id, request_id, body, deadline) VALUES ('dead', 1, '{}', now() - interval '10 seconds'), ('odd', 2, 'not json', now() + interval '1 minute')`,
    );
    const { desk, seen } = await deskOn(stores);
    await ticker.tick();
    await until(() => seen.requests.length === 1, 'the odd row');
    expect(seen.requests).toEqual([{ host: 'odd', id: 2, body: undefined }]);
    const rows = await stores.database.query('left', `SELECT host_id FROM ${t.requests} ORDER BY host_id`);
    expect(rows.rows).toEqual([{ host_id: 'odd' }]);
    await desk.close();
  });

  it('a console whose presence went stale (killed) is replaced by the next one', async () => {
    const stores = await open();
    const t = consoleTables(stores.database.names);
    await stores.database.query(
      'stale',
      `INSERT INTO ${t.presence} (console_id, url, seen_at) VALUES ('old', 'http://127.0.0.1:1/', now() - interval '1 minute')`,
    );
    expect(await findConsole(stores.database, timing)).toBeUndefined();
    const { desk } = await deskOn(stores);
    expect(await findConsole(stores.database, timing)).toEqual({ url: 'http://127.0.0.1:4321/' });
    await desk.close();
    expect(await findConsole(stores.database, timing)).toBeUndefined();
  });
});
