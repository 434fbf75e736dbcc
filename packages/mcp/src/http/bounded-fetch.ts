import { readLimitedBody } from './read-limited-body.js';

/** The bounds of `boundedFetch`. */
export interface FetchBounds {
  /** How long the whole fetch (headers and body) may take, in milliseconds. */
  readonly timeoutMs: number;
  /** The largest body in bytes. */
  readonly maxBytes: number;
}

/**
 * A GET of `url` bounded in time and size, for an authorization server's
 * metadata and JWKS: the answer with its body read (at most `maxBytes`,
 * counted as it arrives) and no redirect followed. Throws on a timeout, a
 * redirect, a network failure, a status other than 200 or a body too large.
 */
export async function boundedFetch(url: string, bounds: FetchBounds, headers?: Headers): Promise<Response> {
  const signal = AbortSignal.timeout(bounds.timeoutMs);
  const answer = await fetch(url, { headers: { accept: 'application/json', ...Object.fromEntries(headers ?? []) }, redirect: 'manual', signal });
  if (answer.status !== 200) {
    await answer.body?.cancel().catch(() => undefined);
    throw new Error(`GET ${url}: HTTP ${answer.status}`);
  }
  const body = answer.body === null ? new Uint8Array() : await readLimitedBody(answer.body, bounds.maxBytes);
  if (body === null) throw new Error(`GET ${url}: the answer is larger than ${bounds.maxBytes} bytes`);
  return new Response(body, { status: 200, headers: answer.headers });
}
