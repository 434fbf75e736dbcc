/**
 * Test child: opens the audit log `<file>` the way `xcap audit` does
 * (read-only) and prints its rows as JSON, or `error: <message>`.
 *
 * With `--as <uid>:<gid>` (the child must start as root) it first loads
 * every module it needs — tsx, the sources, better-sqlite3's native addon —
 * from wherever the clone is, then drops to that user for good before it
 * touches `<file>`. Only the file's own modes and its folder's then decide
 * what the reader may do, wherever the checkout sits (a 0700 parent is fine).
 */
import Sqlite from 'better-sqlite3';
import { SqliteAuditSink } from '../../src/index.js';

const args = process.argv.slice(2);
const asIndex = args.indexOf('--as');
const as = asIndex === -1 ? undefined : args.splice(asIndex, 2)[1];
const [file] = args;
if (file === undefined) throw new Error('usage: audit-reader [--as <uid>:<gid>] <file>');
if (as !== undefined) {
  const [uid, gid] = as.split(':').map(Number);
  if (uid === undefined || gid === undefined || !Number.isInteger(uid) || !Number.isInteger(gid))
    throw new Error(`audit-reader: --as wants <uid>:<gid>, not ${as}`);
  // better-sqlite3 loads its addon at the first `new Database`: load it while the clone is still readable.
  new Sqlite(':memory:').close();
  process.setgroups?.([gid]);
  process.setgid?.(gid);
  process.setuid?.(uid);
  if (process.getuid?.() !== uid || process.geteuid?.() !== uid || process.getegid?.() !== gid) throw new Error(`audit-reader: could not become ${as}`);
}
try {
  const sink = new SqliteAuditSink(file, { readonly: true });
  process.stdout.write(`${JSON.stringify(sink.query())}\n`);
  sink.close();
} catch (error) {
  process.stdout.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
}
