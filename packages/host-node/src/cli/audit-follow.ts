import type { CommandAuditRow } from './command-stores.js';

/** How long `xcap audit --follow` waits between two looks at the log when the last found no full page (ms). */
export const auditFollowIntervalMs = 500;

/**
 * How long a gap in the ids (an id below rows already seen that no row
 * holds yet) is waited for before it is taken as an id that will never be
 * committed (a rolled-back PostgreSQL insert) (ms). A transaction of
 * another host that commits within this time after a later id is still
 * printed.
 */
export const auditFollowGapWaitMs = 5000;

/** The most rows one look at the log reads beyond those it has already seen. */
export const auditFollowPageRows = 500;

/** How many looks in a row may fail (the log unreadable, the database gone) before following gives up. */
export const auditFollowMaxFailures = 120;

/** What `followAudit` needs. */
export interface AuditFollowOptions {
  /** Rows with an id above `afterId`, oldest first, at most `limit` — every row, unfiltered (`AuditQuery.afterId`). */
  readonly page: (afterId: number, limit: number) => Promise<readonly CommandAuditRow[]>;
  /** Which rows to print (the command's filter); every row when absent. */
  readonly matches?: (row: CommandAuditRow) => boolean;
  /** Prints rows (in the order given); rejects to stop following (`OutputClosed` when the reader went away). */
  readonly print: (rows: readonly CommandAuditRow[]) => Promise<void>;
  /** Rows up to this id are taken as printed already. */
  readonly afterId: number;
  /** Stops following: the loop ends at its next wait, or at once while waiting. */
  readonly signal: AbortSignal;
  /** Told once per run of failed looks (`cannot read …; retrying`), and when a look works again. */
  readonly warn: (text: string) => void;
  /** Between looks (ms); `auditFollowIntervalMs` by default. */
  readonly intervalMs?: number;
  /** See `auditFollowGapWaitMs`. */
  readonly gapWaitMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows a stored audit log: looks for rows above the last id it has
 * accounted for every `intervalMs` (at once again after a full page), and
 * prints each new row once, in the order rows become visible — commit order.
 * An id below rows already seen that no row holds yet is waited for
 * (`gapWaitMs`: another host's transaction still committing) before it is
 * passed over, so a row committed late is printed, not lost. A look that
 * fails (a writer restarting, a database restarting) is retried;
 * `auditFollowMaxFailures` failures in a row end it with the last error.
 * Resolves when `signal` aborts; rejects with `print`'s error.
 */
export async function followAudit(options: AuditFollowOptions): Promise<void> {
  const interval = options.intervalMs ?? auditFollowIntervalMs;
  const gapWait = options.gapWaitMs ?? auditFollowGapWaitMs;
  const { signal } = options;
  let low = options.afterId;
  const seen = new Set<number>();
  let gapSince: number | undefined;
  let failures = 0;
  while (!signal.aborted) {
    const limit = auditFollowPageRows + seen.size;
    let rows: readonly CommandAuditRow[];
    try {
      rows = await options.page(low, limit);
    } catch (error) {
      failures++;
      if (failures >= auditFollowMaxFailures) throw error;
      if (failures === 1) options.warn(`cannot read the audit log: ${error instanceof Error ? error.message : String(error)}; retrying every ${interval} ms`);
      await sleep(interval, signal);
      continue;
    }
    if (failures > 0) options.warn(`the audit log is readable again after ${failures} failed look(s)`);
    failures = 0;
    const fresh = rows.filter((row) => row.id > low && !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    const printable = options.matches === undefined ? fresh : fresh.filter(options.matches);
    if (printable.length > 0) await options.print(printable);
    // Account for every id up to the first gap; a gap older than gapWait is passed over.
    for (;;) {
      if (seen.delete(low + 1)) {
        low++;
        gapSince = undefined;
      } else if (seen.size === 0) break;
      else {
        const now = Date.now();
        gapSince ??= now;
        if (now - gapSince < gapWait) break;
        while (!seen.has(low + 1)) low++;
        gapSince = undefined;
      }
    }
    if (rows.length < limit) await sleep(interval, signal);
  }
}
