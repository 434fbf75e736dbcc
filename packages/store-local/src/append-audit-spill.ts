import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isCode, syncDir } from './atomic-write.js';
import { maxSpillLineBytes, maxSpillRows, spillLine, type SpillableRow } from './audit-spill-file.js';
import { withFileLock } from './file-lock.js';

/** What `appendAuditSpill` kept. */
export interface AuditSpillWrite {
  /** Rows appended to the spill file (on disk: file and folder fsynced). */
  readonly spilled: number;
  /** Rows that could not be kept (the file could not be written, is full at `maxSpillRows`, or a row is longer than `maxSpillLineBytes`). */
  readonly lost: number;
  /** Why rows were lost; `null` when none were. */
  readonly error: string | null;
}

/**
 * Appends `rows` to the spill file `file`, one JSON line each
 * (`spillLine`), under the lock `<file>.lock`: created with mode 0600
 * whatever the umask, append-only, then the file and its folder are
 * fsynced. A write that fails is cut back to the file's former length, so
 * a failure adds no partial line. Never rejects: what could not be kept is
 * counted in `lost` with the reason.
 */
export async function appendAuditSpill(file: string, rows: readonly SpillableRow[]): Promise<AuditSpillWrite> {
  if (rows.length === 0) return { spilled: 0, lost: 0, error: null };
  const lines: string[] = [];
  for (const pending of rows) {
    const line = spillLine(pending);
    if (Buffer.byteLength(line) <= maxSpillLineBytes) lines.push(line);
  }
  const tooLong = rows.length - lines.length;
  try {
    return await withFileLock(`${file}.lock`, async (stillHeld) => {
      const room = Math.max(0, maxSpillRows - (await lineCount(file)));
      const kept = lines.slice(0, room);
      const handle = await open(file, 'a', 0o600);
      try {
        await handle.chmod(0o600);
        const before = (await handle.stat()).size;
        try {
          await stillHeld();
          await handle.writeFile(kept.map((line) => `${line}\n`).join(''));
          await handle.sync();
        } catch (error) {
          await handle.truncate(before).catch(() => undefined);
          throw error;
        }
      } finally {
        await handle.close();
      }
      await syncDir(path.dirname(file));
      const lost = rows.length - kept.length;
      const reasons = [
        ...(tooLong > 0 ? [`${tooLong} row(s) longer than ${maxSpillLineBytes} bytes`] : []),
        ...(lines.length > kept.length ? [`the spill file is full (${maxSpillRows} rows)`] : []),
      ];
      return { spilled: kept.length, lost, error: lost === 0 ? null : reasons.join('; ') };
    });
  } catch (error) {
    return { spilled: 0, lost: rows.length, error: `cannot write ${file}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** How many lines `file` holds (0 when it does not exist). */
async function lineCount(file: string): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return 0;
    throw error;
  }
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return text.endsWith('\n') || text === '' ? count : count + 1;
}
