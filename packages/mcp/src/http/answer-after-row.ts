import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import type { RefusedCallWatch } from '../refused-call-watch.js';
import type { Release } from './fair-gate.js';
import { isObject } from '@xcap/wire';

/** A tools/call request read from an HTTP body: the parsed message and its id. */
export interface HttpToolsCall {
  readonly message: Record<string, unknown>;
  readonly id: RequestId;
}

/**
 * The tools/call request an HTTP body holds (one JSON object with
 * `method: "tools/call"` and an id that is a string or a safe integer,
 * whatever else is wrong with it), or `undefined`. Only bodies that name
 * `tools/call` are parsed.
 */
export function toolsCallIn(body: Uint8Array): HttpToolsCall | undefined {
  const text = new TextDecoder().decode(body);
  if (!text.includes('tools/call')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value['method'] !== 'tools/call') return undefined;
  const id = value['id'];
  return typeof id === 'string' || Number.isSafeInteger(id) ? { message: value, id: id as RequestId } : undefined;
}

/**
 * The response to an HTTP tools/call request, sent only once the request's
 * row is settled when the SDK answered it without reaching the call path's
 * handler (`watch.unreached`): for a plain (JSON) response at once, before
 * it is returned; for an event stream, its events are held while the
 * handler has not received the request, and released when it does, or —
 * the stream ending first — after the refusal's row was written. `release`
 * is called once the body was fully sent or cancelled (at once for a plain
 * one).
 */
export async function answerAfterRow(response: Response, release: Release, watch: RefusedCallWatch | undefined, id: RequestId | undefined): Promise<Response> {
  const stream = response.body !== null && (response.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!stream) {
    if (watch !== undefined && id !== undefined && watch.unreached(id)) {
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      await watch.answering(answerIn(jsonValues([text]), id, response.status));
    }
    release();
    return response;
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const held: Uint8Array[] = [];
  const holding = () => watch !== undefined && id !== undefined && watch.unreached(id);
  const flush = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (const chunk of held.splice(0)) controller.enqueue(chunk);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (holding() && watch !== undefined && id !== undefined) {
              const decoder = new TextDecoder();
              await watch.answering(answerIn(sseData(held.map((chunk) => decoder.decode(chunk, { stream: true }))), id, response.status));
            }
            flush(controller);
            release();
            controller.close();
            return;
          }
          if (holding()) {
            held.push(value);
            continue;
          }
          flush(controller);
          controller.enqueue(value);
          return;
        }
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The JSON-RPC answer to `id` among `values`, or an error answer naming the HTTP status when none can be read. */
function answerIn(values: readonly unknown[], id: RequestId, status: number): JSONRPCMessage {
  for (const value of values) {
    if (isObject(value) && 'error' in value && (value['id'] === id || value['id'] === null))
      return { jsonrpc: '2.0', id, error: errorOf(value['error'], status) };
    if (isObject(value) && 'result' in value && value['id'] === id) return { jsonrpc: '2.0', id, result: {} };
  }
  return { jsonrpc: '2.0', id, error: { code: -32000, message: `answered HTTP ${status} without reaching the handler` } };
}

function errorOf(error: unknown, status: number): { code: number; message: string } {
  const code = isObject(error) && typeof error['code'] === 'number' ? error['code'] : -32000;
  const message = isObject(error) && typeof error['message'] === 'string' ? error['message'] : `HTTP ${status}`;
  return { code, message };
}

/** Each text parsed as JSON (those that are not, skipped). */
function jsonValues(texts: readonly string[]): unknown[] {
  const values: unknown[] = [];
  for (const text of texts) {
    try {
      values.push(JSON.parse(text));
    } catch {
      continue;
    }
  }
  return values;
}

/** The `data:` payloads of an event stream's text, parsed as JSON. */
function sseData(pieces: readonly string[]): unknown[] {
  const events = pieces.join('').split(/\r?\n\r?\n/);
  return jsonValues(
    events.map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    ),
  );
}
