import { request } from 'node:http';
import { consoleSession } from '../src/console-contract.js';

/** What the console answered. */
export interface ConsoleReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  /** The body as JSON (throws when it is not). */
  json<T = Record<string, unknown>>(): T;
}

/** What to send: the method, headers (Host included, which `fetch` cannot set) and a body. */
export interface ConsoleSend {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** One HTTP request to the console at `url` (path and query from it), sent exactly as given. */
export function consoleFetch(url: string, send: ConsoleSend = {}): Promise<ConsoleReply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: send.method ?? 'GET', headers: send.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(send.body);
  });
}

/** A signed-in console: its origin, the session cookie, token and photo key, and GET/POST as the page sends them. */
export interface ConsoleSession {
  readonly origin: string;
  /** `name=value` of the session cookie (it unlocks only the shell at `GET /`). */
  readonly cookie: string;
  /** The session token the page sends in `X-Xcap-Session`. */
  readonly token: string;
  /** The photo key of the thumbnails' `?key=`. */
  readonly photoKey: string;
  /** What the page sends with every API request: Host, the cookie and the token. */
  readonly headers: Readonly<Record<string, string>>;
  get(path: string): Promise<ConsoleReply>;
  post(path: string, body: unknown, headers?: Readonly<Record<string, string>>): Promise<ConsoleReply>;
}

/** The session a `/login` answer carries: its cookie, and the token and photo key of the page's two `<meta>` elements; throws on anything else. */
export function sessionOf(login: ConsoleReply): { cookie: string; token: string; photoKey: string } {
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = (login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const html = login.body.toString('utf8');
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([A-Za-z0-9_-]{43})">`).exec(html)?.[1];
  const token = meta(consoleSession.tokenMeta);
  const photoKey = meta(consoleSession.photoKeyMeta);
  if (token === undefined || photoKey === undefined || cookie === '') throw new Error('sign-in answered no session');
  return { cookie, token, photoKey };
}

/** Signs in at `loginUrl` (the URL the start line printed) and answers the session. */
export async function signIn(loginUrl: string): Promise<ConsoleSession> {
  const { cookie, token, photoKey } = sessionOf(await consoleFetch(loginUrl));
  const origin = new URL(loginUrl).origin;
  const host = new URL(loginUrl).host;
  const headers = { Host: host, Cookie: cookie, [consoleSession.header]: token };
  return {
    origin,
    cookie,
    token,
    photoKey,
    headers,
    get: (path) => consoleFetch(`${origin}${path}`, { headers }),
    post: (path, body, more = {}) =>
      consoleFetch(`${origin}${path}`, {
        method: 'POST',
        headers: { ...headers, Origin: origin, 'Content-Type': 'application/json', ...more },
        body: JSON.stringify(body),
      }),
  };
}

/** Polls `GET /api/state` until a pending request of `kind` is there (10 s at most) and answers it. */
export async function waitForPending(session: ConsoleSession, kind: string): Promise<Record<string, unknown> & { id: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const state = (await session.get('/api/state')).json<{ pending: (Record<string, unknown> & { id: string; kind: string })[] }>();
    const found = state.pending.find((pending) => pending.kind === kind);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no pending ${kind} request within 10 s`);
}
