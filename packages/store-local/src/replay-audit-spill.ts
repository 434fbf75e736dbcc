import { readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { AuditSink } from '@xcap/audit';
import { defaultAuditTimeoutMs } from '@xcap/call';
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
}

/** Options of `replayAuditSpill`. */
export interface ReplayAuditSpillOptions {
  /** How long one sink write may take (default `defaultAuditTimeoutMs`). */
  readonly timeoutMs?: number;
}

/**
 * Writes the rows of the spill file `file` into `sink` (with their `meta`,
 * so each keeps its call's time), under the lock `<file>.lock`, then
 * removes the file — or, when lines remain, rewrites it atomically (0600)
 * with just those lines: lines that are not valid (reported with their
 * numbers) and rows the sink did not take. No file: nothing to do. Rejects
 * with an `AuditSpillError` when the sink does not take every valid row
 * (they stay in the file) or the file is larger than a spill file can be:
 * a host must not serve then.
 */
export async function replayAuditSpill(file: string, sink: AuditSink, options: ReplayAuditSpillOptions = {}): Promise<AuditSpillReplay> {
  const timeoutMs = options.timeoutMs ?? defaultAuditTimeoutMs;
  try {
    await stat(file);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { replayed: 0, invalid: [] };
    throw new AuditSpillError(file, `cannot be read (${message(error)})`, { cause: error });
  }
  return withFileLock(`${file}.lock`, async (stillHeld) => {
    let text: string;
    try {
      const size = (await stat(file)).size;
      const limit = maxSpillRows * (maxSpillLineBytes + 1);
      if (size > limit)
        throw new AuditSpillError(
          file,
          `is ${size} bytes, more than a spill file holds (${maxSpillRows} lines of at most ${maxSpillLineBytes} bytes); move it away and replay it by hand`,
        );
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isCode(error, 'ENOENT')) return { replayed: 0, invalid: [] };
      if (error instanceof AuditSpillError) throw error;
      throw new AuditSpillError(file, `cannot be read (${message(error)})`, { cause: error });
    }
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const valid: { readonly index: number; readonly spilled: SpilledRow }[] = [];
    const invalid: { line: number; problem: string }[] = [];
    const kept = new Set<number>();
    lines.forEach((raw, index) => {
      const parsed = parseSpillLine(raw);
      if ('problem' in parsed) {
        invalid.push({ line: index + 1, problem: parsed.problem });
        kept.add(index);
      } else valid.push({ index, spilled: parsed });
    });
    const results = await Promise.allSettled(
      valid.map(({ spilled }) =>
        withTimeout(() => (spilled.meta === undefined ? sink.write(spilled.row) : sink.write(spilled.row, spilled.meta)), timeoutMs, 'audit sink'),
      ),
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
    return { replayed: valid.length, invalid };
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
