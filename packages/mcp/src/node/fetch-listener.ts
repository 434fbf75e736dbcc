import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardRest, requestBody } from './read-node-body.js';

/**
 * Mounts a web-standard `fetch(request)` handler on `node:http`. Unlike the
 * SDK's `toNodeHandler`, the request body is not read before the handler
 * runs: it reaches `fetch` as a stream, so the handler's checks (Host,
 * Origin, token, in-flight bound) come before a single body byte is
 * buffered, and the handler counts the bytes itself. The request URL is
 * `origin` + the request's path (the `Host` header stays a header, checked
 * by the handler). A client that goes away aborts the request's signal and
 * cancels the response body. A handler that throws answers 500. `fetch` is
 * also given the Node request (`from`), so a caller can tell which
 * connection a request came on (`from.socket`).
 *
 * The connection is Node's to manage, not the handler's: a `Connection`
 * (other than `close`), `Keep-Alive` or `Transfer-Encoding` header in the
 * handler's response is dropped, so a client's `Connection: close` closes
 * the socket after a streamed (SSE) answer too (the MCP SDK sends event
 * streams with `Connection: keep-alive`). A handler's `Connection: close`
 * is kept.
 */
export function fetchListener(
  fetch: (request: Request, from: IncomingMessage) => Promise<Response>,
  origin: string,
  onerror: (error: Error) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => void serve(fetch, origin, onerror, req, res);
}

async function serve(
  fetch: (request: Request, from: IncomingMessage) => Promise<Response>,
  origin: string,
  onerror: (error: Error) => void,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const abort = new AbortController();
  let finished = false;
  res.on('close', () => {
    if (!finished) abort.abort();
  });
  let response: Response;
  try {
    const target = req.url ?? '/';
    if (!target.startsWith('/')) throw new TypeError(`request target ${JSON.stringify(target.slice(0, 100))} is not a path`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.set(name, value);
    }
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : requestBody(req);
    const request = new Request(`${origin}${target}`, { method, headers, signal: abort.signal, ...(body === undefined ? {} : { body, duplex: 'half' }) });
    response = await fetch(request, req);
  } catch (error) {
    if (!(error instanceof TypeError)) onerror(error instanceof Error ? error : new Error(String(error)));
    response = new Response(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: error instanceof TypeError ? -32600 : -32603, message: error instanceof TypeError ? `Bad request: ${error.message}` : 'Internal error' },
        id: null,
      }),
      {
        status: error instanceof TypeError ? 400 : 500,
        headers: { 'content-type': 'application/json' },
      },
    );
  }
  if (res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!connectionHeader(name, value)) headers[name] = value;
  if (response.status >= 400 && !req.complete && !req.destroyed) {
    // Refused before the body was read to its end (413, 401, …): the answer goes out whole (with its length), then the rest of the body is read and dropped before the connection closes — a client still sending sees the answer, not a reset connection (nginx's lingering close).
    const bytes = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': String(bytes.length) });
    res.write(bytes);
    await discardRest(req);
    finished = true;
    res.end();
    return;
  }
  res.writeHead(response.status, headers);
  if (response.body === null) {
    finished = true;
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const closed = new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), closed.then(() => null)]);
      if (next === null || next.done) break;
      if (!res.write(next.value)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
    }
  } catch {
    // The body failed mid-stream: end what was sent.
  } finally {
    if (abort.signal.aborted) await reader.cancel().catch(() => undefined);
    finished = true;
    res.end();
  }
}

/** Whether a response header is about the connection (Node's to set): `Connection` other than `close`, `Keep-Alive`, `Transfer-Encoding`. */
function connectionHeader(name: string, value: string): boolean {
  if (name === 'connection') return value.trim().toLowerCase() !== 'close';
  return name === 'keep-alive' || name === 'transfer-encoding';
}
