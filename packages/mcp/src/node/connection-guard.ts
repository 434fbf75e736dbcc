import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Timers } from '@xcap/wire';

/** The bounds of a `ConnectionGuard`. */
export interface ConnectionGuardOptions {
  /** Connections open at once; a new one past it closes the oldest that carries no token yet. */
  readonly maxConnections: number;
  /** How long a new connection may stay without sending a byte. */
  readonly firstByteTimeoutMs: number;
  /** How long a new connection may take to send its first request's complete headers. */
  readonly firstHeadersTimeoutMs: number;
  /** The timers of both timeouts. */
  readonly timers: Timers;
}

/** What the guard knows of one open connection. */
interface Tracked {
  /** One of its requests passed the bearer check. */
  authenticated: boolean;
  /** Its requests being checked or answered now (such a connection is not closed to make room). */
  checking: number;
  /** Its first request's headers arrived. */
  requested: boolean;
  readonly timers: unknown[];
}

/**
 * Keeps a tokenless client from holding every connection of a `node:http`
 * server (idle sockets, slowloris), as `serveHttp` uses it:
 *
 * - at `maxConnections`, a new connection closes the OLDEST open one that
 *   has not made an authenticated request and has no request being checked
 *   right now, instead of being refused; only when every connection carries
 *   a token (or is being checked) is the new one closed;
 * - a new connection that sent no byte within `firstByteTimeoutMs`, or not
 *   its first request's complete headers within `firstHeadersTimeoutMs`, is
 *   closed (node's own `headersTimeout` is only looked at every
 *   `connectionsCheckingInterval`).
 *
 * A connection counts as authenticated once `check`'s handler said so
 * (`XcapHttpHandler.fetch`'s `context.authenticated`). Leave the server's
 * own `maxConnections` unset: the guard counts.
 */
export class ConnectionGuard {
  readonly #options: ConnectionGuardOptions;
  /** Every open connection, oldest first. */
  readonly #open = new Map<Socket, Tracked>();

  /** Guards `server`'s connections from now on. */
  constructor(server: HttpServer, options: ConnectionGuardOptions) {
    this.#options = options;
    server.on('connection', (socket: Socket) => this.#accept(socket));
    server.on('request', (request: { socket: Socket }) => {
      const tracked = this.#open.get(request.socket);
      if (tracked !== undefined) tracked.requested = true;
    });
  }

  /** Connections open now. */
  get open(): number {
    return this.#open.size;
  }

  /**
   * Runs `handle` for a request that came on `socket`, handing it the
   * `authenticated` callback to call once the request passed the bearer
   * check; while it runs, the connection is not closed to make room.
   */
  async check<T>(socket: Socket, handle: (authenticated: () => void) => Promise<T>): Promise<T> {
    const tracked = this.#open.get(socket);
    if (tracked === undefined) return handle(() => undefined);
    tracked.checking++;
    try {
      return await handle(() => (tracked.authenticated = true));
    } finally {
      tracked.checking--;
    }
  }

  #accept(socket: Socket): void {
    if (this.#open.size >= this.#options.maxConnections) {
      const oldest = this.#oldestUnauthenticated();
      if (oldest === undefined) {
        socket.destroy();
        return;
      }
      this.#forget(oldest);
      oldest.destroy();
    }
    const { timers, firstByteTimeoutMs, firstHeadersTimeoutMs } = this.#options;
    const tracked: Tracked = { authenticated: false, checking: 0, requested: false, timers: [] };
    tracked.timers.push(
      timers.setTimeout(() => {
        if (socket.bytesRead === 0) socket.destroy();
      }, firstByteTimeoutMs),
      timers.setTimeout(() => {
        if (!tracked.requested) socket.destroy();
      }, firstHeadersTimeoutMs),
    );
    this.#open.set(socket, tracked);
    socket.once('close', () => this.#forget(socket));
  }

  #oldestUnauthenticated(): Socket | undefined {
    for (const [socket, tracked] of this.#open) if (!tracked.authenticated && tracked.checking === 0) return socket;
    return undefined;
  }

  #forget(socket: Socket): void {
    const tracked = this.#open.get(socket);
    if (tracked === undefined) return;
    for (const timer of tracked.timers) this.#options.timers.clearTimeout(timer);
    this.#open.delete(socket);
  }
}
