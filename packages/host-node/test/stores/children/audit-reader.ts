/**
 * Test child: opens the audit log `<file>` the way `xcap audit` does
 * (read-only) and prints its rows as JSON, or `error: <message>`.
 */
import { SqliteAuditSink } from '../../../src/stores/index.js';

const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: audit-reader <file>');
try {
  const sink = new SqliteAuditSink(file, { readonly: true });
  process.stdout.write(`${JSON.stringify(sink.query())}\n`);
  sink.close();
} catch (error) {
  process.stdout.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
}
