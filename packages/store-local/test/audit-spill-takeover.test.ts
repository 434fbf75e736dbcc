import { existsSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { AuditRow } from '@xcap/audit';
import type { PendingAuditRow } from '@xcap/call';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileLockError, appendAuditSpill, auditSpillPath, replayAuditSpill } from '../src/index.js';
import { scriptedAuditSink, tempDir, errorOf } from '@xcap/test-support';

// Another process takes the spill file's lock over while this one holds it:
// the fake clock jumps past the lock's stale age (10 s), so a second caller
// finds the lock abandoned and takes it over with the real takeover code,
// as a second host process would after this one stalled.

const row = (n: number): AuditRow => ({ appId: 'acme.album', clientId: 'run-1', tool: 'print__pdf', status: 'ok', error: null, argsHash: `sha256:${n}` });
const pending = (n: number): PendingAuditRow => ({
  row: row(n),
  meta: { at: `2026-03-01T09:00:0${n}.000Z`, durationMs: n },
  since: '2026-03-01T09:00:09.000Z',
  attempts: 1,
  lastError: 'disk full',
});

/** Makes every lock held now look older than its stale age to the next caller. */
function stallPastStaleAge(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 11_000);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the audit spill file when its lock is taken over', () => {
  it('replay: a lock taken over while the sink writes is a FileLockError, and the rows the new holder appended stay in the file', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1)]);
    const sink = scriptedAuditSink();
    const write = sink.write.bind(sink);
    let appended: unknown;
    sink.write = async (r, meta) => {
      stallPastStaleAge();
      appended = await appendAuditSpill(file, [pending(2)]);
      return write(r, meta);
    };
    const replay = replayAuditSpill(file, sink);
    await expect(replay).rejects.toBeInstanceOf(FileLockError);
    await expect(replay).rejects.toThrow(errorOf(FileLockError, `lost the lock ${file}.lock: it was taken over by another process`));
    expect(appended).toEqual({ spilled: 1, lost: 0, error: null });
    expect(sink.rows.map((r) => r.row.argsHash)).toEqual(['sha256:1']);
    // Not removed: the row appended under the new holder's lock is kept for the next replay.
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { row: AuditRow }).row.argsHash),
    ).toEqual(['sha256:1', 'sha256:2']);
  });

  it('append: a lock taken over (and the file replayed away) after the file was opened loses the rows, counted, instead of writing them where no replay reads', async () => {
    const file = auditSpillPath(tempDir());
    await appendAuditSpill(file, [pending(1)]);
    const sink = scriptedAuditSink();
    // The append's chmod on its open handle is the moment between opening the file and writing to it.
    const probe = await open(path.join(path.dirname(file), 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { chmod: (mode: number) => Promise<void> };
    await probe.close();
    const chmod = proto.chmod;
    let replayed: unknown;
    vi.spyOn(proto, 'chmod').mockImplementationOnce(async function (this: unknown, mode: number) {
      stallPastStaleAge();
      replayed = await replayAuditSpill(file, sink);
      return chmod.call(this, mode);
    });
    const result = await appendAuditSpill(file, [pending(2)]);
    expect(replayed).toEqual({ replayed: 1, invalid: [], refused: [] });
    expect(result).toEqual({ spilled: 0, lost: 1, error: expect.stringContaining(`lost the lock ${file}.lock`) as unknown });
    // The replay removed the file the append had open: a row written there would be reported kept and be gone.
    expect(existsSync(file)).toBe(false);
    expect(sink.rows.map((r) => r.row.argsHash)).toEqual(['sha256:1']);
  });
});
