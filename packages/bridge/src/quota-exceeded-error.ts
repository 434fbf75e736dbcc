/**
 * A new app file that would take the app over its quota of stored bytes: what
 * a `BlobStore` with a quota throws from `put` (the file store of
 * `@xcap/host-node` and the PostgreSQL one both do). The bridge turns a
 * failing put into `storeFailed`.
 */
export class QuotaExceededError extends Error {
  /** The app. */
  readonly app: string;
  /** The app's quota in bytes. */
  readonly quotaBytes: number;
  /** Bytes the app's files use already. */
  readonly usedBytes: number;
  /** Bytes of the refused file (its bytes and its metadata). */
  readonly requestedBytes: number;

  /** The refusal of `requestedBytes` more for `app`, which uses `usedBytes` of `quotaBytes`. */
  constructor(app: string, quotaBytes: number, usedBytes: number, requestedBytes: number) {
    super(
      `app ${JSON.stringify(app)} is over its file quota: ${fmt(usedBytes)} bytes used + ${fmt(requestedBytes)} bytes new > ${fmt(quotaBytes)} bytes allowed`,
    );
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
