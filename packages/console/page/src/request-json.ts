import { consoleRoutes, type ConsoleRouteBodies, type ConsoleRouteId } from '../../src/console-contract.js';

/**
 * The JSON answer of a console API request: a GET, or with `body` a same-origin POST of JSON
 * (the browser adds `Origin`, the session cookie goes along). Throws an `Error` naming the status and the server's `error` text on a non-2xx answer.
 */
export async function requestJson<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { credentials: 'same-origin' }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' };
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
type RouteWithBody = Exclude<ConsoleRouteId, 'login' | 'shell' | 'asset' | 'photo' | 'events'>;
