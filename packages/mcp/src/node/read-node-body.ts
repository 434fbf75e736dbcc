import type { IncomingMessage } from 'node:http';
import { declaredTooLarge, readLimitedBody } from '../http/read-limited-body.js';

/** The most bytes of an unread request body dropped after an early answer; past it the connection is closed. */
const maxDiscardBytes = 64 * 1024 * 1024;
/** How long after an early answer the rest of the body is waited for before the connection is closed. */
const maxDiscardMs = 5_000;

/**
 * The request body as a web stream that reads `req` on demand. Cancelling
 * it (a handler that stops reading at its limit) does not destroy the
 * connection: what is left of the body is dropped by `discardRest` before
 * the answer goes out.
 */
export function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  // Made at the first read (an iterator holds the request in paused mode); destroyOnReturn: false — stopping the iteration leaves the connection open for discardRest.
  let chunks: AsyncIterator<unknown> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= req.iterator({ destroyOnReturn: false });
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(new Uint8Array(next.value as Buffer));
      },
      async cancel() {
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads and drops the rest of a request body, up to `maxDiscardBytes` and `maxDiscardMs`; past either the request is destroyed. */
export async function discardRest(req: IncomingMessage): Promise<void> {
  await new Promise<void>((resolve) => {
    let dropped = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > maxDiscardBytes) {
        req.destroy();
        done();
      }
    };
    const timer = setTimeout(() => {
      req.destroy();
      done();
    }, maxDiscardMs);
    req.on('data', onData);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}

/**
 * The body of a `node:http` request, at most `limit` bytes: the bytes, or
 * `null` when the `Content-Length` says more (`declaredTooLarge`) or more
 * came (a chunked body counted as it arrives by `readLimitedBody`). After
 * `null` the rest is not read; `discardRest` drops it (bounded) so the
 * client sees the refusal, not a reset connection. The body limit of the
 * console, the same code as `createHttpHandler`'s.
 */
export async function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  if (declaredTooLarge(req.headers['content-length'], limit)) return null;
  return readLimitedBody(requestBody(req), limit);
}
