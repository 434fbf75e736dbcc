/**
 * Test child: with umask 000, opens a new audit log `<file>`, writes one
 * row and prints the modes of the log and its -wal and -shm files as JSON
 * (while the log is still open, so the -wal and -shm files exist).
 */
import { statSync } from 'node:fs';
import { SqliteAuditSink } from '../../src/index.js';

const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: audit-umask <file>');
process.umask(0);
const sink = new SqliteAuditSink(file);
await sink.write({ appId: 'acme.album', clientId: 'ui', tool: 'photos__pick', status: 'ok', error: null, argsHash: 'sha256:0' });
const mode = (name: string) => (statSync(name).mode & 0o777).toString(8);
process.stdout.write(`${JSON.stringify({ db: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) })}\n`);
sink.close();
