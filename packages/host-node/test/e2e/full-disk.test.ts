import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireBuilt } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const child = fileURLToPath(new URL('./full-disk-child.ts', import.meta.url));
const serveChild = fileURLToPath(new URL('./serve-full-disk-child.ts', import.meta.url));

/** Why the full-disk tests cannot run here (they need root and `unshare -m`), or null. */
function skipReason(): string | null {
  if (process.getuid?.() !== 0) return 'not root (a private tmpfs needs unshare -m and mount)';
  const probe = spawnSync('unshare', ['-m', 'true'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) return `unshare -m fails: ${probe.error?.message ?? probe.stderr.trim()}`;
  return null;
}
const reason = skipReason();
if (reason !== null) console.log(`full-disk tests skipped: ${reason}`);

interface ChildResult {
  readonly code: number | null;
  readonly out: {
    readonly before: string;
    readonly whileFull: readonly string[];
    readonly nativeRunsWhileFull: number;
    readonly after: readonly string[];
    readonly nativeRuns: number;
    readonly report: { readonly pending: number; readonly spilled: number; readonly lost: number; readonly error: string | null };
    readonly rows: number;
    readonly lines: readonly string[];
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the child in a private mount namespace on a 1 MiB tmpfs (gone with the namespace); killed after 30 s. */
function runOnTinyDisk(mode: 'recover' | 'exit-full'): Promise<ChildResult> {
  return runInNamespace(child, [mode]) as Promise<ChildResult>;
}

/** Runs `script <tmpfs dir> …args` with tsx in a private mount namespace on a 1 MiB tmpfs and parses its one JSON line; killed after 30 s. */
function runInNamespace(script: string, args: readonly string[]): Promise<{ code: number | null; out: unknown }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'xcap-full-disk-'));
  dirs.push(dir);
  const shell = 'dir="$1" node="$2" script="$3"; shift 3; mount -t tmpfs -o size=1m tmpfs "$dir" && exec "$node" --import tsx "$script" "$dir" "$@"';
  const proc = spawn('unshare', ['-m', 'sh', '-c', shell, 'sh', dir, process.execPath, script, ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      try {
        resolve({ code, out: JSON.parse(stdout) as unknown });
      } catch {
        reject(new Error(`full-disk child (${path.basename(script)} ${args.join(' ')}) exited ${String(code)} without its JSON line:\n${stdout}\n${stderr}`));
      }
    });
  });
}

describe.skipIf(reason !== null)('a full disk: no answer without its audit row', () => {
  it('refuses calls while the log cannot commit, resumes when space comes back, and loses no row', async () => {
    const { code, out } = await runOnTinyDisk('recover');
    expect(out.before).toBe('ok');
    // The first call after the disk filled ran its native, but its row could not be committed: its result is withheld.
    expect(out.whileFull[0]).toBe('unavailable: auditFailed');
    // Every later call is refused before its native runs.
    expect(out.whileFull.slice(1).every((text) => text.startsWith('unavailable'))).toBe(true);
    expect(out.nativeRunsWhileFull).toBe(1);
    expect(out.after).toEqual(['ok', 'ok']);
    expect(out.nativeRuns).toBe(4);
    expect(out.report).toEqual({ pending: 0, spilled: 0, lost: 0, error: null });
    expect(out.rows).toBe(8);
    expect(out.lines).toHaveLength(2);
    expect(out.lines[0]).toMatch(/audit log cannot be written .*disk is full.*refusing new calls/);
    expect(out.lines[1]).toMatch(/writable again/);
    expect(code).toBe(0);
  });

  it('closing while the disk is still full reports the rows it could keep nowhere and exits non-zero', async () => {
    const { code, out } = await runOnTinyDisk('exit-full');
    expect(out.report.pending).toBe(5);
    expect(out.report.lost).toBe(5);
    expect(out.report.error).toMatch(/audit-spill\.jsonl: ENOSPC/);
    expect(out.lines.at(-1)).toMatch(/5 audit row\(s\) were lost/);
    expect(code).toBe(1);
  });

  it('xcap serve ends non-zero, naming the lost rows, when its audit rows can be kept nowhere', async () => {
    requireBuilt();
    const { code, out } = (await runInNamespace(serveChild, [])) as { code: number | null; out: { code: number | null; answers: string[]; stderr: string } };
    expect(code).toBe(0);
    // The unknown tool answers -32602 while the log commits; once rows cannot be committed, calls are refused and so are not answered as usual.
    expect(out.answers[0]).toBe('Unknown tool: nope__x');
    expect(out.stderr).toMatch(/the audit log cannot be written .*refusing new calls/);
    expect(out.stderr).toMatch(/audit row\(s\) were lost/);
    expect(out.code).toBe(1);
  });
});
