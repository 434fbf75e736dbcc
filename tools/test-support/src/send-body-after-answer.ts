import { connect } from 'node:net';

/** What the server answered before the client sent the rest of the body. */
export interface EarlyAnswer {
  readonly status: number;
  /** The answer's body (the bytes after the head). */
  readonly body: string;
}

/**
 * A request refused before its body arrived, spoken on a raw loopback socket
 * to `port`: writes `head` (the request line and headers, ending in the blank
 * line, its `content-length` saying `bodyBytes`) and the first `firstBytes`
 * of the body, waits for the whole answer (its head and `Content-Length`
 * bytes), and only then sends the rest of the body, as a client that streams
 * it would. Resolves with the answer once the server ended the connection
 * in order; rejects when it ended it early or reset it under the client's
 * writes (EPIPE, ECONNRESET).
 */
export function sendBodyAfterAnswer(port: number, head: string, firstBytes: number, bodyBytes: number): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let received = '';
    let answered: EarlyAnswer | undefined;
    let sentAll = false;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (answered !== undefined || end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received.slice(0, end))?.[1] ?? NaN);
      if (received.length - end - 4 < length) return;
      answered = { status: Number(received.slice(9, 12)), body: received.slice(end + 4) };
      let sent = firstBytes;
      const more = () => {
        while (sent < bodyBytes) {
          const part = piece.subarray(0, Math.min(piece.length, bodyBytes - sent));
          sent += part.length;
          if (!socket.write(part)) return void socket.once('drain', more);
        }
        sentAll = true;
      };
      more();
    });
    socket.on('end', () => {
      if (answered === undefined || !sentAll)
        reject(new Error(`the server ended the connection early (status ${String(answered?.status)}, body sent: ${String(sentAll)})`));
      else resolve(answered);
      socket.end();
    });
    socket.write(head);
    socket.write(Buffer.alloc(firstBytes, 0x20));
  });
}
