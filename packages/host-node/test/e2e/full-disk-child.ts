/**
 * Test child for full-disk.test.ts, run inside a private mount namespace
 * where `<dir>` is a 1 MiB tmpfs: opens a NodeHost with its data directory
 * there, fills the disk, calls, and prints what happened as one JSON line.
 * `<mode>` `recover`: frees space (`mount -o remount,size=64m <dir>`) and
 * calls again before closing; `exit-full`: closes while the disk is full
 * and exits 1 when rows were lost (what `xcap serve` must do).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createNodeHost } from '../../src/create-node-host.js';
import { SqliteAuditSink } from '@xcap/store-local';
import { fillDisk } from './fill-disk.js';

const [dir, mode] = process.argv.slice(2);
if (dir === undefined || (mode !== 'recover' && mode !== 'exit-full')) throw new Error('usage: full-disk-child <dir> recover|exit-full');

let nativeRuns = 0;
const natives = {
  provided: ['share'],
  providers: { share: { send: async () => (nativeRuns++, { structuredContent: { shared: true } }) } },
};
const lines: string[] = [];
const host = await createNodeHost({
  manifest: { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'share.send', why: 'Share an album.' }] },
  dataDir: path.join(dir, 'data'),
  foreground: true,
  natives,
  auditLog: (line) => lines.push(line),
});

/** One agent call: `ok`, or the isError text. */
async function call(): Promise<string> {
  const answer = await host.callPath.call({ from: 'agent', name: 'share__send', arguments: { text: 'hi' }, foreground: true, client: 'run-1' });
  if (answer.kind !== 'result') return answer.kind;
  return answer.result.isError === true ? String((answer.result.content[0] as { text?: unknown }).text) : 'ok';
}

const before = await call();
fillDisk(dir);
const whileFull: string[] = [];
for (let i = 0; i < 5; i++) whileFull.push(await call());
const nativeRunsWhileFull = nativeRuns - 1;
const after: string[] = [];
if (mode === 'recover') {
  execFileSync('mount', ['-o', 'remount,size=64m', dir]);
  for (let i = 0; i < 2; i++) after.push(await call());
}
const report = await host.close();
let rows: number | string;
try {
  const log = new SqliteAuditSink(host.paths.audit, { readonly: true });
  rows = log.count();
  log.close();
} catch (error) {
  rows = String(error);
}
process.stdout.write(`${JSON.stringify({ before, whileFull, nativeRunsWhileFull, after, nativeRuns, report, rows, lines })}\n`);
process.exitCode = report.lost > 0 ? 1 : 0;
