import { open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { AuditSink, AuditWriteMeta } from '@xcap/audit';
import { withTimeout } from '@xcap/wire';
import { isCode, syncDir, writeFileAtomic } from './atomic-write.js';
import { AuditSpillError } from './audit-spill-error.js';
import { maxSpillLineBytes, maxSpillRows, parseSpillLine, type SpilledRow } from './audit-spill-file.js';
import { withFileLock } from './file-lock.js';

/** What `replayAuditSpill` did. */
export interface AuditSpillReplay {
  /** Rows written into the sink (and removed from the spill file). */
  readonly replayed: number;
  /** Lines that are not valid spilled rows, by line number (1-based), with the problem: kept in the file, never dropped. */
  readonly invalid: readonly { readonly line: number; readonly problem: string }[];
  /**
   * Valid rows refused for their time, by line number, with the reason: no
   * time, dated after the spill file's own modification time, or before the
   * audit log's first row. They are not written, and not kept in the file.
   */
  readonly refused: readonly { readonly line: number; readonly problem: string }[];
}

/** How long one sink write of `replayAuditSpill` may take by default, in ms: 5,000, as the call path's audit writes. */
export const defaultReplayTimeoutMs = 5_000;

/** Options of `replayAuditSpill`. */
export interface ReplayAuditSpillOptions {
  /** How long one sink write may take (default `defaultReplayTimeoutMs`). */
  readonly timeoutMs?: number;
}

/**
 * Writes the rows of the spill file `file` into `sink` (with their `meta`,
 * so each keeps its call's time, and `replayed: true`, so the log marks
 * them), under the lock `<file>.lock`, then
 * removes the file — or, when lines remain, rewrites it atomically (0600)
 * with just those lines: lines that are not valid (reported with their
 * numbers) and rows the sink did not take. No file: nothing to do. Rejects
 * with an `AuditSpillError` when the sink does not take every valid row
 * (they stay in the file) or the file is larger than a spill file can be:
 * a host must not serve then.
 *
 * The file is not trusted (whoever can write the data directory can write
 * it): a row is refused, counted in `refused` and dropped, when it has no
 * time, when it is dated after the file's own modification time (taken
 * from the handle the rows are read through), or before the time of the
 * log's first row — asked of a sink that has `firstRowAt()` (the SQLite and
 * PostgreSQL logs); an empty log, or another sink, sets no lower bound.
 */
export async function replayAuditSpill(file: string, sink: AuditSink, options: ReplayAuditSpillOptions = {}): Promise<AuditSpillReplay> {
  const timeoutMs = options.timeoutMs ?? defaultReplayTimeoutMs;
  try {
    await stat(file);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { replayed: 0, invalid: [], refused: [] };
    throw new AuditSpillError(file, `cannot be read (${message(error)})`, { cause: error });
  }
  const logStart = await firstRowAt(sink);
  return withFileLock(`${file}.lock`, async (stillHeld) => {
    let text: string;
    let fileTime: number;
    try {
      const handle = await open(file, 'r');
      try {
        const info = await handle.stat();
        const limit = maxSpillRows * (maxSpillLineBytes + 1);
        if (info.size > limit)
          throw new AuditSpillError(
            file,
            `is ${info.size} bytes, more than a spill file holds (${maxSpillRows} lines of at most ${maxSpillLineBytes} bytes); move it away and replay it by hand`,
          );
        fileTime = info.mtimeMs;
        text = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isCode(error, 'ENOENT')) return { replayed: 0, invalid: [], refused: [] };
      if (error instanceof AuditSpillError) throw error;
      throw new AuditSpillError(file, `cannot be read (${message(error)})`, { cause: error });
    }
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const valid: { readonly index: number; readonly spilled: SpilledRow }[] = [];
    const invalid: { line: number; problem: string }[] = [];
    const refused: { line: number; problem: string }[] = [];
    const kept = new Set<number>();
    lines.forEach((raw, index) => {
      const parsed = parseSpillLine(raw);
      if ('problem' in parsed) {
        invalid.push({ line: index + 1, problem: parsed.problem });
        kept.add(index);
        return;
      }
      const problem = timeProblem(parsed, fileTime, logStart);
      if (problem === undefined) valid.push({ index, spilled: parsed });
      else refused.push({ line: index + 1, problem });
    });
    const results = await Promise.allSettled(
      valid.map(({ spilled }) => withTimeout(() => sink.write(spilled.row, { ...(spilled.meta as AuditWriteMeta), replayed: true }), timeoutMs, 'audit sink')),
    );
    let firstError: unknown;
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        firstError ??= result.reason;
        kept.add((valid[i] as { index: number }).index);
      }
    });
    const remaining = lines.filter((_, index) => kept.has(index));
    await stillHeld();
    if (remaining.length === 0) {
      await unlink(file);
      await syncDir(path.dirname(file));
    } else if (remaining.length < lines.length) {
      await writeFileAtomic(file, `${remaining.join('\n')}\n`, { mode: 0o600 });
    }
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0)
      throw new AuditSpillError(
        file,
        `the audit log did not take ${failed} of its ${valid.length} rows (${message(firstError)}); they are kept in the file for the next start`,
        { cause: firstError },
      );
    return { replayed: valid.length, invalid, refused };
  });
}

/** The time of the log's first row when `sink` can tell it (`firstRowAt()`, as the SQLite and PostgreSQL logs can), else `undefined`. */
async function firstRowAt(sink: AuditSink): Promise<number | undefined> {
  const ask = (sink as { firstRowAt?: unknown }).firstRowAt;
  if (typeof ask !== 'function') return undefined;
  const at: unknown = await (ask as () => unknown).call(sink);
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** Why a spilled row's time makes it untrustworthy, or `undefined` when it lies between the log's first row and the file's own time. */
function timeProblem(spilled: SpilledRow, fileTime: number, logStart: number | undefined): string | undefined {
  const at = spilled.meta?.at;
  if (at === undefined) return 'has no time (meta.at)';
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return `has no readable time (${JSON.stringify(at)})`;
  if (ms > fileTime) return `dated ${at}, after the spill file's own time (${new Date(fileTime).toISOString()})`;
  if (logStart !== undefined && ms < logStart) return `dated ${at}, before the audit log's first row (${new Date(logStart).toISOString()})`;
  return undefined;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
