/** A new app file that would take the app over its quota of stored bytes (the same shape as `@xcap/host-node`'s). */
export class QuotaExceededError extends Error {
  /** The app. */
  readonly app: string;
  /** The app's quota in bytes. */
  readonly quotaBytes: number;
  /** Bytes the app's files use already. */
  readonly usedBytes: number;
  /** Bytes of the refused file (its bytes and its metadata). */
  readonly requestedBytes: number;

  constructor(app: string, quotaBytes: number, usedBytes: number, requestedBytes: number) {
    super(`app ${JSON.stringify(app)} is over its file quota: ${fmt(usedBytes)} bytes used + ${fmt(requestedBytes)} bytes new > ${fmt(quotaBytes)} bytes allowed`);
    this.name = 'QuotaExceededError';
    this.app = app;
    this.quotaBytes = quotaBytes;
    this.usedBytes = usedBytes;
    this.requestedBytes = requestedBytes;
  }
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
