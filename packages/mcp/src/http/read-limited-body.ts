/**
 * Reads a request body, counting bytes as they arrive (a `Content-Length`
 * is not trusted): the bytes, or `null` as soon as more than `limit` came
 * (the rest is not read; the stream is cancelled).
 */
export async function readLimitedBody(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Whether a `Content-Length` header already says the body is over `limit`
 * bytes (the body is then not read at all). A missing header says nothing:
 * the bytes are counted as they come (`readLimitedBody`), chunked bodies too.
 */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return Number(contentLength ?? 0) > limit;
}
