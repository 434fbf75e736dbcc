import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { auditStatuses, type AuditQuery, type AuditStatus, type StoredAuditRow } from '@xcap/audit';
import { revokeGrant } from '@xcap/broker';
import { hostAllowed, originAllowed } from '@xcap/mcp';
import { ConnectionGuard, discardRest, readNodeBody } from '@xcap/mcp/node';
import { isTokenName, TokenNameTakenError } from '@xcap/tokens';
import { realTimers, type Timers } from '@xcap/wire';
import { auditMinutes } from './audit-minutes.js';
import { consoleLimits, consoleRoutes, consoleSession, type ConsoleEvents, type ConsoleRouteBodies, type ConsoleRouteId } from './console-contract.js';
import { consoleHeaders, consoleHttp } from './console-http.js';
import { consolePageDir } from './console-page-dir.js';
import { consolePages } from './console-pages.js';
import type { ConsoleRequests } from './console-requests.js';
import type { ConsoleStores } from './console-stores.js';
import { readAsset } from './read-asset.js';

/** A photo a host read for `GET /api/photos/…`: its bytes and sniffed type, or why not (404 `notFound`, `unreadable`, `notAPhoto`; 413 `tooLarge`). */
export type ConsolePhoto =
  { readonly bytes: Uint8Array; readonly type: 'image/jpeg' | 'image/png' } | { readonly refused: 'notFound' | 'unreadable' | 'notAPhoto' | 'tooLarge' };

/** What `startConsoleServer` takes. */
export interface ConsoleServerOptions {
  /** `serve`: pending requests too (`xcap serve --consent console`); `console`: grants, tokens and audit only (`xcap console`). */
  readonly mode: 'serve' | 'console';
  /** The port on 127.0.0.1 (default 0: a free one). */
  readonly port?: number;
  /** The app served (`GET /api/state`), or `null`. */
  readonly app?: string | null;
  /** The pending requests (serve mode). */
  readonly requests?: ConsoleRequests;
  /** The grants, tokens and audit rows shown. */
  readonly stores: ConsoleStores;
  /** Whether a string is an app id of this host (`POST /api/grants/revoke` refuses anything else with 400). */
  readonly isAppId: (value: string) => boolean;
  /**
   * Reads the file of a pending request's photo (a path from `ConsoleAsk.files`), at most
   * `maxBytes`, the way the host reads files it did not write. Without it every photo is 404.
   */
  readonly readPhoto?: (path: string, maxBytes: number) => Promise<ConsolePhoto>;
  /** The page's built assets (default `dist/console-page/` of this package, `consolePageDir()`). */
  readonly assetsDir?: string;
  /** Timers of the event streams' pings and the audit poll (default `realTimers`). */
  readonly timers?: Timers;
  /** Event streams open at once (default 8; 429 past it). */
  readonly maxStreams?: number;
  /** How often new audit rows are looked for while a stream is open, in ms (default 2,000). */
  readonly auditPollMs?: number;
  /** Bytes an event stream may have waiting to be sent before audit rows are counted instead (`event: lagged` once it drains; default 1 MiB). */
  readonly maxStreamBufferBytes?: number;
  /** How often a stream gets a `: ping` comment, in ms (default 15,000). */
  readonly pingMs?: number;
  /** Where unexpected request errors go (default standard error). */
  readonly log?: (line: string) => void;
  /** Connections open at once (default 64); past it the oldest one without a session is closed (`ConnectionGuard`). */
  readonly maxConnections?: number;
  /** Time a new connection may take to send its first byte (default 1,000 ms; then it is closed). */
  readonly firstByteTimeoutMs?: number;
  /** Time a new connection may take to send its first request's complete headers (default 2,000 ms; then it is closed). */
  readonly firstHeadersTimeoutMs?: number;
}

/** A running console. */
export interface ConsoleServer {
  /** The console's origin with `/`: `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** The sign-in address with this start's secret: `http://127.0.0.1:<port>/login?secret=<secret>`. */
  readonly loginUrl: string;
  /**
   * This start's sign-in secret alone (what `loginUrl` carries), for a page that posts it to `POST /login`
   * (`consoleOpenPage`) so that it is never on a command line or in an address the browser keeps.
   */
  readonly secret: string;
  /** The bound port. */
  readonly port: number;
  /** The `node:http` server. */
  readonly server: Server;
  /** Tells the open event streams that grants changed (`event: grants`). */
  grantsChanged(): void;
  /** Closes the event streams and the server. */
  close(): Promise<void>;
}

/** The session cookie's name: one per port, since cookies are per host, not per port — two consoles on 127.0.0.1 in one browser keep their own sessions. */
const cookieName = (port: number) => `xcap_console_${port}`;
const { maxBodyBytes, maxPhotoBytes, maxAssetBytes, maxSessions, maxStreamRows } = consoleLimits;
const assetName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(js|css|svg|png|woff2)$/;
const assetTypes: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
};
const htmlType = 'text/html; charset=utf-8';

/**
 * Starts the console's HTTP server on 127.0.0.1 (`node:http`; the routes of
 * `consoleRoutes`, see `API.md` of this package): a login secret per start (`/login?secret=…`, compared
 * in constant time) turned into an `HttpOnly`, `SameSite=Strict` session
 * cookie; the `Host` of every request must be the console's own address
 * (421 otherwise); every response carries a strict CSP, `nosniff`,
 * `no-store` and `no-referrer`; everything under `/api/` needs the session;
 * every change is a POST with a JSON body of at most 16 KiB and a
 * same-origin `Origin`. Host, Origin and the body limit are `@xcap/mcp`'s
 * (`hostAllowed`, `originAllowed`, `readNodeBody`), and a `ConnectionGuard`
 * closes idle and slow connections (first byte, first headers) and, past
 * `maxConnections`, the oldest one without a session. Pending requests are
 * answered through `requests`, grants, tokens and audit rows read and
 * changed through `stores`.
 */
export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const timers = options.timers ?? realTimers;
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const assetsDir = options.assetsDir ?? consolePageDir();
  const maxStreams = options.maxStreams ?? consoleLimits.maxStreams;
  const secret = randomBytes(32).toString('base64url');
  const secretDigest = digest(secret);
  /** The sessions by their token (the `X-Xcap-Session` header), each with its shell cookie and its photo key. */
  const sessions = new Map<string, ConsoleSessionKeys>();
  const photoKeys = new Map<string, string>();
  /** The open event streams, each with the audit rows it could not be sent (its buffer was past `maxStreamBufferBytes`). */
  const streams = new Map<ServerResponse, StreamLag>();
  const maxStreamBufferBytes = options.maxStreamBufferBytes ?? consoleLimits.maxStreamBufferBytes;
  const { requests, stores } = options;
  let port = 0;

  const broadcast = <E extends keyof ConsoleEvents>(event: E, data: ConsoleEvents[E]) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of streams.keys()) stream.write(frame);
  };
  /** Sends `lagged` to `stream` for the rows it missed, once its buffer is back under the bound. */
  const flushLag = (stream: ServerResponse) => {
    const lag = streams.get(stream);
    if (lag === undefined || lag.missed === 0 || stream.writableLength > maxStreamBufferBytes) return;
    const data: ConsoleEvents['lagged'] = { missed: lag.missed, lastId: lag.lastId };
    lag.missed = 0;
    stream.write(`event: lagged\ndata: ${JSON.stringify(data)}\n\n`);
  };
  /** New audit rows, oldest first, to every stream: as `audit` events, or counted as missed by a stream that lags (then `lagged`). */
  const sendAudit = (rows: readonly StoredAuditRow[], missedBefore: number, newest: number) => {
    for (const [stream, lag] of streams) {
      if (missedBefore > 0 || lag.missed > 0 || stream.writableLength > maxStreamBufferBytes) {
        lag.missed += missedBefore + rows.length;
        lag.lastId = Math.max(lag.lastId, newest);
        flushLag(stream);
        continue;
      }
      for (const row of rows) stream.write(`event: audit\ndata: ${JSON.stringify(row)}\n\n`);
    }
  };
  const unsubscribePending = requests?.subscribe(() => broadcast('pending', requests.pending())) ?? (() => undefined);
  const unsubscribeEnded = requests?.onEnded((ended) => broadcast('ended', ended)) ?? (() => undefined);
  const unsubscribe = () => {
    unsubscribePending();
    unsubscribeEnded();
  };

  let pingTimer: unknown;
  const ping = () => {
    for (const stream of streams.keys()) stream.write(': ping\n\n');
    pingTimer = timers.setTimeout(ping, options.pingMs ?? 15_000);
  };
  let pollTimer: unknown;
  let lastAuditId: number | undefined;
  const poll = async () => {
    pollTimer = undefined;
    try {
      if (lastAuditId === undefined) lastAuditId = (await stores.auditRows({ limit: 1 }))[0]?.id ?? 0;
      else {
        // Every row after the last one sent, up to a batch: more than a batch at once is sent as one `lagged` (the page reads the log again).
        const after = lastAuditId;
        // With afterId the rows come oldest first, at most the batch.
        const rows = (await stores.auditRows({ afterId: after, limit: maxStreamRows })).filter((row) => row.id > after);
        if (rows.length >= maxStreamRows) {
          const newest = (await stores.auditRows({ limit: 1 }))[0]?.id ?? rows[rows.length - 1]?.id ?? after;
          sendAudit([], newest - after, newest);
          lastAuditId = newest;
        } else {
          const newest = rows[rows.length - 1]?.id;
          if (newest !== undefined) {
            sendAudit(rows, 0, newest);
            lastAuditId = newest;
          }
        }
      }
    } catch (error) {
      log(`xcap console: reading the audit log: ${(error as Error).message}`);
    }
    if (streams.size > 0 && !closed) pollTimer = timers.setTimeout(() => void poll(), options.auditPollMs ?? 2_000);
  };
  let closed = false;

  /** Whether `req` carries a session's token in `X-Xcap-Session`: what every `/api/` request needs (a cookie alone never authorizes). */
  const authorized = (req: IncomingMessage) => {
    const token = req.headers[sessionHeader];
    return typeof token === 'string' && sessions.has(token);
  };
  /** Whether `req` carries a session's photo key in `?key=` (the thumbnails: an `<img>` sends no header). */
  const photoAuthorized = (url: URL) => {
    const key = url.searchParams.get('key');
    return key !== null && photoKeys.has(key);
  };
  /** Whether one of the cookies of `req` named for this port is a session's: only what `GET /` serves depends on it (the static shell, no data). */
  const hasShellCookie = (req: IncomingMessage) => {
    const values = new Set([...sessions.values()].map((keys) => keys.cookie));
    return consoleHttp.cookies(req, cookieName(port)).some((value) => values.has(value));
  };
  /** A new session: its token, cookie and photo key; past `maxSessions` the oldest is forgotten. */
  const newSession = (): ConsoleSessionKeys & { readonly token: string } => {
    const keys = {
      token: randomBytes(32).toString('base64url'),
      cookie: randomBytes(32).toString('base64url'),
      photoKey: randomBytes(32).toString('base64url'),
    };
    sessions.set(keys.token, { cookie: keys.cookie, photoKey: keys.photoKey });
    photoKeys.set(keys.photoKey, keys.token);
    if (sessions.size > maxSessions) {
      const [oldest, forgotten] = sessions.entries().next().value ?? ['', undefined];
      sessions.delete(oldest);
      if (forgotten !== undefined) photoKeys.delete(forgotten.photoKey);
    }
    return keys;
  };

  /** A 200 answer of route `id`, its body typed by the contract. */
  const ok = <K extends ConsoleRouteId>(res: ServerResponse, _id: K, body: ConsoleRouteBodies[K]['response']) => consoleHttp.json(res, 200, body);
  const handlers: Readonly<Record<Exclude<ConsoleRouteId, 'login' | 'loginForm' | 'shell' | 'asset' | 'photo'>, Handler>> = {
    state: (_req, res) => ok(res, 'state', { mode: options.mode, app: options.app ?? null, pending: requests?.pending() ?? [] }),
    events: (req, res) => {
      if (streams.size >= maxStreams) return consoleHttp.json(res, 429, { error: `at most ${maxStreams} event streams at once` });
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
      streams.set(res, { missed: 0, lastId: 0 });
      res.on('drain', () => flushLag(res));
      req.socket.setTimeout(0);
      res.write(`event: pending\ndata: ${JSON.stringify(requests?.pending() ?? [])}\n\n`);
      if (streams.size === 1) {
        pingTimer = timers.setTimeout(ping, options.pingMs ?? 15_000);
        if (pollTimer === undefined) void poll();
      }
      res.on('close', () => {
        streams.delete(res);
        if (streams.size === 0) timers.clearTimeout(pingTimer);
      });
    },
    answer: (_req, res, body) => {
      const { id, answer } = (body ?? {}) as { id?: unknown; answer?: unknown };
      if (requests === undefined) return consoleHttp.json(res, 409, { error: 'this console has no pending requests (xcap console)' });
      const result = requests.answer(id, answer);
      return result.ok ? ok(res, 'answer', { ok: true }) : consoleHttp.json(res, result.status, { error: result.error });
    },
    grants: async (_req, res) => {
      const all = await stores.grants.all();
      const grants = Object.keys(all)
        .sort()
        .flatMap((app) =>
          Object.keys(all[app] ?? {})
            .sort()
            .map((scope) => ({ app, scope, answer: String(all[app]?.[scope]) })),
        );
      ok(res, 'grants', { grants: grants.slice(0, consoleLimits.maxListed) });
    },
    revokeGrant: async (_req, res, body) => {
      const { app, scope } = (body ?? {}) as { app?: unknown; scope?: unknown };
      if (typeof app !== 'string' || !options.isAppId(app) || typeof scope !== 'string' || scope === '' || scope.length > 200)
        return consoleHttp.json(res, 400, { error: 'app must be an app id and scope a scope id' });
      await revokeGrant(stores.grants, app, scope);
      broadcast('grants', {});
      ok(res, 'revokeGrant', { ok: true });
    },
    tokens: async (_req, res) => {
      const tokens = await stores.tokens.list();
      ok(res, 'tokens', { tokens: tokens.slice(0, consoleLimits.maxListed).map((token) => ({ name: token.name, createdAt: token.created })) });
    },
    addToken: async (_req, res, body) => {
      const name = (body as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || !isTokenName(name)) return consoleHttp.json(res, 400, { error: 'not a token name' });
      try {
        ok(res, 'addToken', { name, token: await stores.tokens.add(name) });
      } catch (error) {
        if (error instanceof TokenNameTakenError) return consoleHttp.json(res, 409, { error: error.message });
        throw error;
      }
    },
    revokeToken: async (_req, res, body) => {
      const name = (body as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || !isTokenName(name)) return consoleHttp.json(res, 400, { error: 'not a token name' });
      if (!(await stores.tokens.revoke(name))) return consoleHttp.json(res, 409, { error: `no token named ${name}` });
      ok(res, 'revokeToken', { ok: true });
    },
    audit: async (req, res) => {
      const filter = auditFilter(new URL(req.url ?? '/', 'http://console').searchParams);
      if (typeof filter === 'string') return consoleHttp.json(res, 400, { error: filter });
      ok(res, 'audit', { rows: await stores.auditRows(filter) });
    },
    auditMinutes: async (_req, res) => {
      const now = timers.now();
      const rows: readonly StoredAuditRow[] = await stores.auditRows({ since: new Date(now - 60 * 60_000).toISOString(), limit: 20_000 });
      ok(res, 'auditMinutes', { minutes: auditMinutes(rows, now) });
    },
  };
  const routes = new Map(Object.entries(handlers).map(([id, handler]) => [routeKey(id as keyof typeof handlers), handler]));

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [name, value] of Object.entries(consoleHeaders)) res.setHeader(name, value);
    if (!hostAllowed(req.headers.host, [`127.0.0.1:${port}`, `localhost:${port}`]))
      return consoleHttp.text(res, 421, 'xcap console: this is not the console’s address');
    const host = (req.headers.host ?? '').toLowerCase();
    const url = new URL(req.url ?? '/', `http://${host}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === consoleRoutes.login.path && (method === 'GET' || method === 'POST')) {
      const given = method === 'GET' ? url.searchParams.get('secret') : await postedSecret(req);
      if (given === null || !timingSafeEqual(digest(given), secretDigest)) return consoleHttp.send(res, 403, htmlType, consolePages.badSecret);
      const session = newSession();
      // The page itself, not a redirect: its token and photo key go to this document only (the page keeps them in
      // sessionStorage), never in a cookie another port of 127.0.0.1 would get; the shell cookie only unlocks `GET /`.
      const built = await readAsset(join(assetsDir, 'index.html'), maxAssetBytes);
      const shell = built === undefined ? consolePages.placeholderShell : Buffer.from(built).toString('utf8');
      return consoleHttp.send(res, 200, htmlType, withSession(shell, session.token, session.photoKey), {
        'Set-Cookie': `${cookieName(port)}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    if (path === consoleRoutes.shell.path && method === 'GET') {
      if (!hasShellCookie(req)) return consoleHttp.send(res, 200, htmlType, consolePages.signIn);
      const shell = await readAsset(join(assetsDir, 'index.html'), maxAssetBytes);
      return consoleHttp.send(res, 200, htmlType, shell ?? consolePages.placeholderShell);
    }
    if (path.startsWith(assetPrefix) && method === 'GET') {
      const name = path.slice(assetPrefix.length);
      const match = assetName.exec(name);
      const file = match === null ? undefined : await readAsset(join(assetsDir, name), maxAssetBytes);
      if (match === null || file === undefined) return consoleHttp.text(res, 404, 'no such asset');
      return consoleHttp.send(res, 200, assetTypes[match[1] ?? ''] ?? 'application/octet-stream', file);
    }
    if (!path.startsWith('/api/')) return consoleHttp.text(res, 404, 'not found');
    const photo = photoPath.exec(path);
    if (!authorized(req) && !(photo !== null && method === 'GET' && photoAuthorized(url))) return consoleHttp.json(res, 401, { error: 'not signed in' });
    if (photo !== null && method === 'GET') return servePhoto(res, requests, options.readPhoto, pathSegment(photo[1]), pathSegment(photo[2]));
    const postOnly = routes.has(`POST ${path}`);
    const route = routes.get(`${method} ${path}`);
    if (route === undefined) return postOnly ? consoleHttp.json(res, 405, { error: 'use POST' }) : consoleHttp.json(res, 404, { error: 'not found' });
    if (method !== 'POST') return route(req, res, undefined);
    if (!originAllowed(req.headers.origin, { origins: [`http://${host}`] }))
      return consoleHttp.json(res, 403, { error: 'a change needs the console’s own Origin' });
    if (!/^application\/json(\s*;.*)?$/i.test(req.headers['content-type'] ?? '')) return consoleHttp.json(res, 415, { error: 'send application/json' });
    const raw = await readNodeBody(req, maxBodyBytes);
    if (raw === null) {
      // Answered whole, then the rest of the body is dropped (bounded) before the connection closes: the client sees 413, not a reset.
      const refusal = JSON.stringify({ error: `a body of at most ${maxBodyBytes} bytes` });
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(refusal)), Connection: 'close' });
      res.write(refusal);
      await discardRest(req);
      return void res.end();
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      return consoleHttp.json(res, 400, { error: 'the body is not JSON' });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return consoleHttp.json(res, 400, { error: 'the body must be a JSON object' });
    return route(req, res, body);
  };

  const server = createServer({
    requestTimeout: 30_000,
    headersTimeout: 10_000,
    keepAliveTimeout: 5_000,
    maxHeaderSize: 16 * 1024,
    // Node looks at headersTimeout and requestTimeout only this often (default 30 s).
    connectionsCheckingInterval: 1_000,
  });
  // A connection that carries a session is never closed to make room; the guard counts (no server.maxConnections).
  const guard = new ConnectionGuard(server, {
    maxConnections: options.maxConnections ?? consoleLimits.maxConnections,
    firstByteTimeoutMs: options.firstByteTimeoutMs ?? 1_000,
    firstHeadersTimeoutMs: options.firstHeadersTimeoutMs ?? 2_000,
    timers,
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Only a request with a session is guarded while it is answered (its connection never closed to make room):
    // one without (a sign-in whose body comes byte by byte, say) stays closable, or 64 of them would hold every slot.
    const answered = authorized(req)
      ? guard.check(req.socket, (authenticated) => {
          authenticated();
          return handle(req, res);
        })
      : handle(req, res);
    answered.catch((error: unknown) => {
      // The path only: a query may hold the secret (`/login?secret=`) or a photo key, and logs are read by more than the person.
      log(`xcap console: ${req.method ?? '?'} ${(req.url ?? '?').split('?')[0] ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) consoleHttp.json(res, 500, { error: 'the console could not answer this request' });
      else res.destroy();
    });
  });
  port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    loginUrl: `${origin}/login?secret=${secret}`,
    secret,
    port,
    server,
    grantsChanged: () => broadcast('grants', {}),
    close: async () => {
      closed = true;
      unsubscribe();
      timers.clearTimeout(pingTimer);
      timers.clearTimeout(pollTimer);
      for (const stream of streams.keys()) stream.end();
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void> | void;

/** The audit rows one event stream was not sent since its last `lagged` (`missed` 0: none), up to which id. */
interface StreamLag {
  missed: number;
  lastId: number;
}

/** What a session holds besides its token: the cookie that unlocks the shell at `GET /`, and the key of its thumbnails. */
interface ConsoleSessionKeys {
  readonly cookie: string;
  readonly photoKey: string;
}

/** The header every `/api/` request carries its session token in (lower case, as Node gives headers). */
const sessionHeader = consoleSession.header.toLowerCase();

/** The `secret` of a `POST /login` form (`application/x-www-form-urlencoded`, at most 1 KiB), or `null`. */
async function postedSecret(req: IncomingMessage): Promise<string | null> {
  if (!/^application\/x-www-form-urlencoded(\s*;.*)?$/i.test(req.headers['content-type'] ?? '')) return null;
  const raw = await readNodeBody(req, 1024);
  if (raw === null) {
    await discardRest(req);
    return null;
  }
  return new URLSearchParams(Buffer.from(raw).toString('utf8')).get('secret');
}

/** The shell with the session's token and photo key as `<meta>` elements (`consoleSession`), right after `<head>`. */
function withSession(shell: string, token: string, photoKey: string): string {
  const metas = `<meta name="${consoleSession.tokenMeta}" content="${token}"><meta name="${consoleSession.photoKeyMeta}" content="${photoKey}">`;
  const head = /<head[^>]*>/i.exec(shell);
  return head === null ? `${metas}${shell}` : `${shell.slice(0, head.index + head[0].length)}${metas}${shell.slice(head.index + head[0].length)}`;
}

const assetPrefix = consoleRoutes.asset.path.slice(0, -'<name>'.length);
const photoPath = routePattern(consoleRoutes.photo.path);

/** `METHOD path` of route `id`, as the handler looks it up. */
function routeKey(id: ConsoleRouteId): string {
  return `${consoleRoutes[id].method} ${consoleRoutes[id].path}`;
}

/** A path of the contract with `<name>` segments as a pattern capturing each segment. */
function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/<[A-Za-z]+>/g, '([^/]+)')}$`);
}

/** A path segment decoded, or `''` (no such id) when its %-escapes are malformed: an unknown photo, 404, never a 500. */
function pathSegment(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return '';
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function auditFilter(params: URLSearchParams): AuditQuery | string {
  const text = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' ? undefined : value.slice(0, 200);
  };
  const status = text('status');
  if (status !== undefined && !auditStatuses.has(status)) return `status must be one of ${[...auditStatuses].join(', ')}`;
  const limitText = text('limit');
  const limit = limitText === undefined ? consoleLimits.defaultAuditLimit : Number(limitText);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > consoleLimits.maxAuditLimit) return `limit must be 1 to ${consoleLimits.maxAuditLimit}`;
  const afterText = text('after');
  const afterId = afterText === undefined ? undefined : Number(afterText);
  if (afterId !== undefined && (!/^\d{1,15}$/.test(afterText ?? '') || !Number.isSafeInteger(afterId))) return 'after must be an audit row id (0 or more)';
  const app = text('app');
  const tool = text('tool');
  return {
    ...(afterId === undefined ? {} : { afterId }),
    ...(app === undefined ? {} : { app }),
    ...(tool === undefined ? {} : { tool }),
    ...(status === undefined ? {} : { status: status as AuditStatus }),
    limit,
  };
}

async function servePhoto(
  res: ServerResponse,
  requests: ConsoleRequests | undefined,
  readPhoto: ConsoleServerOptions['readPhoto'],
  pendingId: string,
  photoId: string,
): Promise<void> {
  const path = requests?.file(pendingId, photoId);
  if (path === undefined || readPhoto === undefined) return consoleHttp.json(res, 404, { error: 'no such photo of a pending request' });
  const read = await readPhoto(path, maxPhotoBytes);
  if ('refused' in read)
    return consoleHttp.json(res, read.refused === 'tooLarge' ? 413 : 404, { error: read.refused === 'notAPhoto' ? 'not a photo' : read.refused });
  consoleHttp.send(res, 200, read.type, read.bytes);
}
