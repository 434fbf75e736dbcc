import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { consoleTables, maxConsolePayloadBytes } from './postgres-console-tables.js';
import type { PostgresDatabase } from './postgres-database.js';

/** How often the console says it runs, and how long after its last word it counts as gone (ms). */
export interface ConsolePresenceTiming {
  /** How often the console refreshes its presence row and both sides look at the tables (default 2,000 ms). */
  readonly heartbeatMs?: number;
  /** How old a presence row may be and the console still count as running (default 10,000 ms). */
  readonly freshMs?: number;
  /** Runs `beat` every `ms` until the answered function is called (default `setInterval`, unref'd); tests drive it by hand. */
  readonly every?: (beat: () => Promise<void>, ms: number) => () => void;
}

/** `setInterval` that does not keep the process alive. */
function everyInterval(beat: () => Promise<void>, ms: number): () => void {
  const timer = setInterval(() => void beat(), ms);
  timer.unref();
  return () => clearInterval(timer);
}

const defaultHeartbeatMs = 2_000;
const defaultFreshMs = 10_000;

/** A running console as its presence row says: its address (no secret). */
export interface FoundConsole {
  /** `http://127.0.0.1:<port>/` on the console's machine. */
  readonly url: string;
}

/** The console running on `database` (a presence row fresher than `freshMs`), or `undefined`. */
export async function findConsole(database: PostgresDatabase, timing: ConsolePresenceTiming = {}): Promise<FoundConsole | undefined> {
  const t = consoleTables(database.names);
  const result = await database.query<{ url: string }>(
    'look for a running console',
    `SELECT url FROM ${t.presence} WHERE seen_at > now() - make_interval(secs => $1::double precision / 1000)`,
    [timing.freshMs ?? defaultFreshMs],
  );
  const url = result.rows[0]?.url;
  return url === undefined ? undefined : { url };
}

/** A message from a host, as its row carries it. */
export interface ConsoleHostRequest {
  /** The host's id (random per `openConsoleHost`). */
  readonly host: string;
  /** The request's id on that host. */
  readonly id: number;
  /** The request, as the host wrote it (JSON). */
  readonly body: unknown;
}

/** What `openConsoleHost` takes. */
export interface ConsoleHostOptions extends ConsolePresenceTiming {
  /** A console message for this host: `{ t: 'answer', id, answer }` or `{ t: 'ended', id }` (answered unanswered). */
  readonly onMessage: (message: { readonly t: 'answer'; readonly id: number; readonly answer: unknown } | { readonly t: 'ended'; readonly id: number }) => void;
  /** The console's presence went stale (or a query failed): the host's open requests are gone. */
  readonly onLost: () => void;
  /** The console is fresh again after `onLost`. */
  readonly onBack?: () => void;
}

/** A host's end of the PostgreSQL relay. */
export interface ConsoleHost {
  /** Sends `{ t: 'ask', id, deadline, … }`, `{ t: 'end', id }`, `{ t: 'detach', id }` or `{ t: 'grants' }`; `false` when it could not (no console, too large, a failed query). */
  send(message: { readonly t: string; readonly id?: number; readonly deadline?: number | null }): Promise<boolean>;
  /** Removes this host's rows and stops listening. */
  close(): Promise<void>;
}

/**
 * A host's end of the console relay over PostgreSQL: the database itself is
 * the transport, so a console on one machine answers hosts on others. An
 * `ask` is a row of `console_requests` (its JSON at most 256 KiB, checked
 * before it is sent and by the table), `end` removes it, `detach` marks
 * it; each change NOTIFYs the channel. The console's answer is written into
 * the row and NOTIFYs `answer:<host>`; the host then takes (deletes) its
 * answered rows — on the notification and on every heartbeat, so a lost
 * notification only delays. Every heartbeat the host also looks at the
 * console's presence: stale (or a failed query) is `onLost`, fresh again
 * `onBack`; while lost, `send` answers `false`.
 */
export async function openConsoleHost(database: PostgresDatabase, options: ConsoleHostOptions): Promise<ConsoleHost> {
  const t = consoleTables(database.names);
  const host = randomBytes(12).toString('base64url');
  const heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
  const state = { present: true, closed: false };
  const listener = await database.pool.connect();
  const take = async () => {
    const taken = await database.query<{ request_id: string; answer: string | null }>(
      'take the console’s answers',
      `DELETE FROM ${t.requests} WHERE host_id = $1 AND answered RETURNING request_id, answer`,
      [host],
    );
    for (const row of taken.rows) {
      const id = Number(row.request_id);
      const answer = row.answer === null ? undefined : parseJson(row.answer);
      options.onMessage(answer === undefined ? { t: 'ended', id } : { t: 'answer', id, answer });
    }
  };
  const notify = (payload: string) => database.query('wake the console relay', `SELECT pg_notify($1, $2)`, [t.channel.slice(1, -1), payload]);
  listener.on('notification', (note: pg.Notification) => {
    if (note.payload === `answer:${host}`) void take().catch(() => undefined);
  });
  listener.on('error', () => undefined);
  await listener.query(`LISTEN ${t.channel}`);
  const beat = async () => {
    let fresh: boolean;
    try {
      fresh = (await findConsole(database, options)) !== undefined;
      await take();
    } catch {
      fresh = false;
    }
    if (state.closed) return;
    if (state.present && !fresh) {
      state.present = false;
      options.onLost();
    } else if (!state.present && fresh) {
      state.present = true;
      options.onBack?.();
    }
  };
  const stopBeats = (options.every ?? everyInterval)(beat, heartbeatMs);
  return {
    send: async (message) => {
      if (!state.present || state.closed) return false;
      try {
        if (message.t === 'ask') {
          const body = JSON.stringify(message);
          if (Buffer.byteLength(body) > maxConsolePayloadBytes) return false;
          await database.query(
            'hand a request to the console',
            `INSERT INTO ${t.requests} (host_id, request_id, body, deadline) VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000))`,
            [host, message.id, body, message.deadline ?? null],
          );
        } else if (message.t === 'end') {
          await database.query('end a request', `DELETE FROM ${t.requests} WHERE host_id = $1 AND request_id = $2`, [host, message.id]);
        } else if (message.t === 'detach') {
          await database.query('detach a request', `UPDATE ${t.requests} SET detached = true WHERE host_id = $1 AND request_id = $2`, [host, message.id]);
        } else if (message.t !== 'grants') return false;
        await notify(message.t);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (state.closed) return;
      state.closed = true;
      stopBeats();
      await database.query('remove a host’s requests', `DELETE FROM ${t.requests} WHERE host_id = $1`, [host]).catch(() => undefined);
      await notify('end').catch(() => undefined);
      await listener.query(`UNLISTEN ${t.channel}`).catch(() => undefined);
      listener.release();
    },
  };
}

/** What `openConsoleDesk` takes. */
export interface ConsoleDeskOptions extends ConsolePresenceTiming {
  /** The console's address (no secret), for hosts to print. */
  readonly url: string;
  /** A new request of a host. */
  readonly onRequest: (request: ConsoleHostRequest) => void;
  /** A request is gone (its host ended it, removed its rows, or its deadline passed). */
  readonly onEnd: (host: string, id: number) => void;
  /** A request's sheet detached. */
  readonly onDetach: (host: string, id: number) => void;
  /** A host changed grants. */
  readonly onGrants: () => void;
  /** Where a failed look at the tables goes. */
  readonly log: (line: string) => void;
}

/** The console's end of the PostgreSQL relay. */
export interface ConsoleDesk {
  /** Answers request `id` of `host` with the raw `answer`, or ends it unanswered (`undefined`). */
  answer(host: string, id: number, answer: unknown): Promise<void>;
  /** Ends every open request unanswered, removes the presence row and stops listening. */
  close(): Promise<void>;
}

/** A second console on a database whose presence is fresh. */
export class ConsoleRunningError extends Error {
  /** An error naming the address of the console that runs. */
  constructor(url: string) {
    super(`a console already runs on this database (at ${url})`);
    this.name = 'ConsoleRunningError';
  }
}

/**
 * The console's end of the relay over PostgreSQL: one presence row
 * (refused with `ConsoleRunningError` while another console's is fresh),
 * refreshed every heartbeat; the rows of `console_requests` not yet
 * answered are read on every NOTIFY and every heartbeat: a new row is
 * `onRequest`, a row gone `onEnd`, a row newly detached `onDetach`; rows
 * past their deadline (their host is gone) are removed. `answer` writes
 * into the row and NOTIFYs its host. Closing ends every open row
 * unanswered (their hosts take their fallback) and removes the presence.
 */
export async function openConsoleDesk(database: PostgresDatabase, options: ConsoleDeskOptions): Promise<ConsoleDesk> {
  const t = consoleTables(database.names);
  const me = randomBytes(12).toString('base64url');
  const heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
  const freshMs = options.freshMs ?? defaultFreshMs;
  const running = await database.transaction('say the console runs', async (client) => {
    const other = await client.query<{ url: string; fresh: boolean }>(
      `SELECT url, seen_at > now() - make_interval(secs => $1::double precision / 1000) AS fresh FROM ${t.presence} FOR UPDATE`,
      [freshMs],
    );
    const row = other.rows[0];
    if (row?.fresh === true) return row.url;
    await client.query(
      `INSERT INTO ${t.presence} (only_one, console_id, url, seen_at) VALUES (true, $1, $2, now())
       ON CONFLICT (only_one) DO UPDATE SET console_id = $1, url = $2, seen_at = now()`,
      [me, options.url],
    );
    return undefined;
  });
  if (running !== undefined) throw new ConsoleRunningError(running);
  const known = new Map<string, { readonly host: string; readonly id: number; detached: boolean }>();
  const state = { closed: false, syncing: false, again: false };
  // Read through a function: a notification during the awaits sets `again`, which a plain read would take as still false.
  const again = () => state.again && !state.closed;
  const sync = async (): Promise<void> => {
    if (state.syncing) {
      state.again = true;
      return;
    }
    state.syncing = true;
    try {
      do {
        state.again = false;
        await database.query('drop the requests of hosts that are gone', `DELETE FROM ${t.requests} WHERE deadline < now() - interval '5 seconds'`);
        const rows = await database.query<{ host_id: string; request_id: string; body: string; detached: boolean }>(
          'read the hosts’ requests',
          `SELECT host_id, request_id, body, detached FROM ${t.requests} WHERE NOT answered ORDER BY created_at`,
        );
        if (state.closed) return;
        const seen = new Set<string>();
        for (const row of rows.rows) {
          const key = `${row.host_id} ${row.request_id}`;
          seen.add(key);
          const entry = known.get(key);
          if (entry === undefined) {
            known.set(key, { host: row.host_id, id: Number(row.request_id), detached: row.detached });
            options.onRequest({ host: row.host_id, id: Number(row.request_id), body: parseJson(row.body) });
            if (row.detached) options.onDetach(row.host_id, Number(row.request_id));
          } else if (row.detached && !entry.detached) {
            entry.detached = true;
            options.onDetach(entry.host, entry.id);
          }
        }
        for (const [key, entry] of [...known]) {
          if (seen.has(key)) continue;
          known.delete(key);
          options.onEnd(entry.host, entry.id);
        }
      } while (again());
    } catch (error) {
      options.log(`xcap console: reading the requests of xcap serve: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      state.syncing = false;
    }
  };
  const listener = await database.pool.connect();
  listener.on('error', () => undefined);
  listener.on('notification', (note: pg.Notification) => {
    if (note.payload === 'grants') options.onGrants();
    else if (note.payload?.startsWith('answer:') !== true) void sync();
  });
  await listener.query(`LISTEN ${t.channel}`);
  const beat = async () => {
    await database
      .query('say the console runs', `UPDATE ${t.presence} SET seen_at = now() WHERE console_id = $1`, [me])
      .catch((error: unknown) => options.log(`xcap console: refreshing its presence: ${error instanceof Error ? error.message : String(error)}`));
    await sync();
  };
  const stopBeats = (options.every ?? everyInterval)(beat, heartbeatMs);
  await sync();
  const answer = async (host: string, id: number, value: unknown) => {
    known.delete(`${host} ${id}`);
    const body = value === undefined ? null : JSON.stringify(value);
    const fits = body === null || Buffer.byteLength(body) <= maxConsolePayloadBytes;
    await database.query('answer a request', `UPDATE ${t.requests} SET answered = true, answer = $3 WHERE host_id = $1 AND request_id = $2 AND NOT answered`, [
      host,
      id,
      fits ? body : null,
    ]);
    await database.query('wake the host', 'SELECT pg_notify($1, $2)', [t.channel.slice(1, -1), `answer:${host}`]);
  };
  return {
    answer,
    close: async () => {
      if (state.closed) return;
      state.closed = true;
      stopBeats();
      const hosts = new Set([...known.values()].map((entry) => entry.host));
      await database.query('end the open requests', `UPDATE ${t.requests} SET answered = true, answer = NULL WHERE NOT answered`).catch(() => undefined);
      for (const host of hosts)
        await database.query('wake the host', 'SELECT pg_notify($1, $2)', [t.channel.slice(1, -1), `answer:${host}`]).catch(() => undefined);
      await database.query('say the console stopped', `DELETE FROM ${t.presence} WHERE console_id = $1`, [me]).catch(() => undefined);
      await listener.query(`UNLISTEN ${t.channel}`).catch(() => undefined);
      listener.release();
    },
  };
}

/** The JSON of a relay row, or `undefined` when it does not parse (a row written by hand). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
