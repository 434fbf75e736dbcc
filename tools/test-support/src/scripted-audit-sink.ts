import type { AuditRow, AuditWriteMeta } from '@xcap/audit';

/** A row a `scriptedAuditSink` took, with the meta it came with (if any). */
export interface ScriptedAuditEntry {
  readonly row: AuditRow;
  readonly meta?: AuditWriteMeta;
}

/** An audit sink that fails like a full disk while `down` is true, else records the rows it takes in order. */
export interface ScriptedAuditSink {
  /** While true every write throws `SQLITE_FULL: database or disk is full`. */
  down: boolean;
  /** The rows taken so far. */
  readonly rows: ScriptedAuditEntry[];
  /** The `AuditSink.write` of this sink. */
  write(row: AuditRow, meta?: AuditWriteMeta): void;
}

/** A fresh `ScriptedAuditSink`, up. */
export function scriptedAuditSink(): ScriptedAuditSink {
  const sink: ScriptedAuditSink = {
    down: false,
    rows: [],
    write(row, meta) {
      if (sink.down) throw new Error('SQLITE_FULL: database or disk is full');
      sink.rows.push(meta === undefined ? { row } : { row, meta });
    },
  };
  return sink;
}
