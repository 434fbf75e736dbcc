import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import type { RefusedCallWatch } from '../refused-call-watch.js';
import { toolsCallRequests, type ReceivedToolsCall } from '../tools-call-requests.js';
import type { Release } from './fair-gate.js';
import { errorAnswer, isObject, type JsonRpcErrorAnswer } from '@xcap/wire';

/** The tools/call requests an HTTP body holds, whether it is a batch (a JSON array), and the body's JSON value (`undefined` when it is not JSON). */
export interface HttpToolsCalls {
  readonly calls: readonly ReceivedToolsCall[];
  readonly batch: boolean;
  readonly message: unknown;
}

/**
 * The tools/call requests an HTTP body holds (`toolsCallRequests`: a JSON
 * object with `method: "tools/call"` after JSON decoding and an id that is
 * a string or a safe integer, whatever else is wrong with it; or each such
 * element of a batch). A body that is not JSON holds none. The decoded
 * value comes with them, so the body is parsed once for every look at it.
 */
export function toolsCallsIn(body: Uint8Array): HttpToolsCalls {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { calls: [], batch: false, message: undefined };
  }
  return { calls: toolsCallRequests(value), batch: Array.isArray(value), message: value };
}

/**
 * The response to an HTTP request holding tools/call requests (`ids`; a
 * `batch` answered as one), sent only once their rows are settled when the
 * SDK answered any of them without reaching the call path's handler
 * (`watch.unreached`): for a plain (JSON) response at once, before it is
 * returned; for an event stream, its events are held while the handler has
 * not received them all, and released when it has, or — the stream ending
 * first — after the refusals' rows were written. When a row could not be
 * committed the answer fails closed: the watch's `unavailable: auditFailed`
 * goes out instead of the SDK's (HTTP 200 for a request's result). `release`
 * is called once the body was fully sent or cancelled (at once for a plain
 * one).
 */
export async function answerAfterRow(
  response: Response,
  release: Release,
  watch: RefusedCallWatch | undefined,
  ids: readonly RequestId[],
  batch = false,
): Promise<Response> {
  const stream = response.body !== null && (response.headers.get('content-type') ?? '').includes('text/event-stream');
  const holding = () => watch !== undefined && ids.some((id) => watch.unreached(id));
  if (!stream) {
    if (watch !== undefined && holding()) {
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      const instead = await rowsSettled(jsonValues([text]), watch, ids, batch, response.status);
      if (instead !== undefined) {
        release();
        const headers = new Headers(response.headers);
        headers.set('content-type', 'application/json');
        headers.delete('content-length');
        return new Response(JSON.stringify(instead), { status: 'result' in instead ? 200 : response.status, headers });
      }
    }
    release();
    return response;
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const held: Uint8Array[] = [];
  const flush = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (const chunk of held.splice(0)) controller.enqueue(chunk);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (watch !== undefined && holding()) {
              const decoder = new TextDecoder();
              const instead = await rowsSettled(sseData(held.map((chunk) => decoder.decode(chunk, { stream: true }))), watch, ids, batch, response.status);
              if (instead !== undefined) held.splice(0, held.length, new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(instead)}\n\n`));
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

/**
 * Writes the rows of the requests among `ids` the handler never received,
 * from the answers read in the response (`values`); answers what to send
 * instead when one was not committed (the watch's fail-closed answer), else
 * `undefined` (the response goes out as it is).
 */
async function rowsSettled(
  values: readonly unknown[],
  watch: RefusedCallWatch,
  ids: readonly RequestId[],
  batch: boolean,
  status: number,
): Promise<JSONRPCMessage | JsonRpcErrorAnswer | undefined> {
  const unreached = ids.filter((id) => watch.unreached(id));
  const [first] = unreached;
  if (first === undefined) return undefined;
  // A batch's answers may come as one JSON array.
  const answers = values.flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]));
  if (batch) {
    const answer = batchAnswerIn(answers, status);
    return changed(answer, await watch.answeringBatch(answer, unreached));
  }
  const answer = answerIn(answers, first, status);
  return changed(answer, await watch.answering(answer));
}

/** What the watch answered to send instead of `answer`, or `undefined` when it is `answer` itself. */
function changed<T>(answer: T, sent: T | undefined): T | undefined {
  return sent === answer ? undefined : sent;
}

/** The error answer to a whole batch (id `null`) among `values`, or one naming the HTTP status when none can be read. */
function batchAnswerIn(values: readonly unknown[], status: number): JsonRpcErrorAnswer {
  for (const value of values)
    if (isObject(value) && 'error' in value && (value['id'] ?? null) === null) return { jsonrpc: '2.0', id: null, error: errorOf(value['error'], status) };
  return errorAnswer(null, -32000, `answered HTTP ${status} without reaching the handler`);
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
