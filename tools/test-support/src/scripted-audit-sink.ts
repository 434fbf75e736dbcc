import type { AuditRow, AuditWriteMeta } from '@xcap/audit';

/** A row a `scriptedAuditSink` took, with the meta it came with (if any). */
export interface ScriptedAuditEntry {
  readonly row: AuditRow;
  readonly meta?: AuditWriteMeta;
}

/** An audit sink that fails like a full disk while `down` is true, holds writes while a `hold()` is on, else records the rows it takes in order. */
export interface ScriptedAuditSink {
  /** While true every write throws `SQLITE_FULL: database or disk is full` (a held write checks it when it is released). */
  down: boolean;
  /** The rows taken so far. */
  readonly rows: ScriptedAuditEntry[];
  /** Writes waiting for the release of a `hold()` now. */
  readonly held: number;
  /**
   * Holds every write from now on, like a store that does not answer: each
   * waits until the returned function is called, then is taken (or fails,
   * while `down`). Writes made after the release are not held.
   */
  hold(): () => void;
  /** The `AuditSink.write` of this sink: synchronous unless a hold is on. */
  write(row: AuditRow, meta?: AuditWriteMeta): void | Promise<void>;
}

/** A fresh `ScriptedAuditSink`, up. */
export function scriptedAuditSink(): ScriptedAuditSink {
  let holding: Promise<void> | null = null;
  let held = 0;
  const take = (row: AuditRow, meta: AuditWriteMeta | undefined) => {
    if (sink.down) throw new Error('SQLITE_FULL: database or disk is full');
    sink.rows.push(meta === undefined ? { row } : { row, meta });
  };
  const sink: ScriptedAuditSink = {
    down: false,
    rows: [],
    get held() {
      return held;
    },
    hold() {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      holding = gate;
      return () => {
        if (holding === gate) holding = null;
        release();
      };
    },
    write(row, meta) {
      const gate = holding;
      if (gate === null) return take(row, meta);
      held++;
      return gate.then(() => {
        held--;
        take(row, meta);
      });
    },
  };
  return sink;
}
