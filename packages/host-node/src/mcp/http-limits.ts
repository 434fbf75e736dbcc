/** The HTTP limits of `serveHttp` (each has a default). */
export interface HttpLimits {
  /** The largest request body in bytes (default 4 MiB; 413 past it). */
  readonly maxBodyBytes?: number;
  /** Requests in flight over every token (default 32). */
  readonly maxInFlight?: number;
  /** Requests in flight of one token (default 8); more wait their turn, tokens served in turn. */
  readonly maxInFlightPerToken?: number;
  /** Requests of one token waiting for a slot (default 256; 503 past it). */
  readonly maxQueuedPerToken?: number;
  /** How long a request waits for a slot (default 30,000 ms; then 503). */
  readonly maxQueueWaitMs?: number;
  /** Time a new connection may take to send its first byte (default 1,000 ms; then it is closed). */
  readonly firstByteTimeoutMs?: number;
  /** Time a new connection may take to send its first request's complete headers (default 2,000 ms; then it is closed). */
  readonly firstHeadersTimeoutMs?: number;
  /** Time to receive a request's headers (default 10,000 ms; `server.headersTimeout`). */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request, body included (default 30,000 ms; `server.requestTimeout`). */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open (default 5,000 ms). */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Connections open at once (default 256). A new one past it closes the
   * oldest connection that has not made an authenticated request (and has
   * none being checked), so a tokenless client cannot lock agents out; it
   * is refused only when every connection carries a token.
   */
  readonly maxConnections?: number;
}
