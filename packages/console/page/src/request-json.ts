import { consoleRoutes, consoleSession, type ConsoleRouteBodies, type ConsoleRouteId } from '../../src/console-contract.js';

/** Where the page keeps its session in `sessionStorage` (this tab only; gone when it closes). */
const stored = { token: 'xcap-console-session', photoKey: 'xcap-console-photo-key' } as const;

let keys: { readonly token: string; readonly photoKey: string } | undefined;

/**
 * The session of this tab: on the page `/login` answered, its two `<meta>` elements (`consoleSession`), which are
 * then moved to `sessionStorage`, removed from the document, and the address becomes `/` (no secret stays in it);
 * on a reload, what `sessionStorage` kept. Empty strings when there is none (every request then answers 401).
 */
export function sessionKeys(): { readonly token: string; readonly photoKey: string } {
  if (keys !== undefined) return keys;
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const token = meta(consoleSession.tokenMeta);
  const photoKey = meta(consoleSession.photoKeyMeta);
  if (token !== null && photoKey !== null) {
    sessionStorage.setItem(stored.token, token.content);
    sessionStorage.setItem(stored.photoKey, photoKey.content);
    token.remove();
    photoKey.remove();
    if (location.pathname !== consoleRoutes.shell.path) history.replaceState(null, '', consoleRoutes.shell.path);
  }
  keys = { token: sessionStorage.getItem(stored.token) ?? '', photoKey: sessionStorage.getItem(stored.photoKey) ?? '' };
  return keys;
}

/** The headers that prove a request comes from the console's own page: the session token (`consoleSession.header`). */
export function sessionHeaders(): Record<string, string> {
  return { [consoleSession.header]: sessionKeys().token };
}

/** The address of a pending picker's photo, with the session's photo key (an `<img>` cannot send the token's header). */
export function photoUrl(pendingId: string, photoId: string): string {
  const path = consoleRoutes.photo.path.replace('<pendingId>', encodeURIComponent(pendingId)).replace('<photoId>', encodeURIComponent(photoId));
  return `${path}?${new URLSearchParams({ key: sessionKeys().photoKey }).toString()}`;
}

/**
 * The JSON answer of a console API request: a GET, or with `body` a same-origin POST of JSON
 * (the browser adds `Origin`), each with the session's token (`sessionHeaders`). Throws an `Error` naming the status and the server's `error` text on a non-2xx answer.
 */
export async function requestJson<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { headers: sessionHeaders(), credentials: 'same-origin' }
      : { method: 'POST', headers: { ...sessionHeaders(), 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' };
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // Not JSON: the text body is the message.
    }
    throw new Error(`${response.status}: ${message}`);
  }
  return JSON.parse(text) as T;
}

/** The 200 body of route `id` of the contract: a GET (with `query`) or, for a POST route, a same-origin POST of `body`. */
export function requestRoute<K extends RouteWithBody>(
  id: K,
  body: ConsoleRouteBodies[K] extends { readonly request: infer R } ? R : Readonly<Record<string, string>>,
): Promise<ConsoleRouteBodies[K]['response']>;
export function requestRoute<K extends RouteWithBody>(id: K): Promise<ConsoleRouteBodies[K]['response']>;
export function requestRoute<K extends RouteWithBody>(id: K, body?: unknown): Promise<ConsoleRouteBodies[K]['response']> {
  const route = consoleRoutes[id];
  if (route.method === 'POST') return requestJson(route.path, body);
  const query = body === undefined ? '' : new URLSearchParams(body as Record<string, string>).toString();
  return requestJson(query === '' ? route.path : `${route.path}?${query}`);
}

/** The routes answering JSON (not the pages, assets, photos or the event stream). */
type RouteWithBody = Exclude<ConsoleRouteId, 'login' | 'loginForm' | 'shell' | 'asset' | 'photo' | 'events'>;
