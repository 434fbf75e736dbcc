/**
 * Test child for full-disk.test.ts, run inside a private mount namespace
 * where `<dir>` is a 1 MiB tmpfs: starts the built `xcap serve` with its
 * data directory there, makes one call, fills the disk, makes three more,
 * ends stdin while the disk is still full and prints `xcap serve`'s exit
 * code, its answers and its stderr as one JSON line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fillDisk } from './fill-disk.js';
import { rawServe } from './raw-rpc.js';

const [dir] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: serve-full-disk-child <dir>');
const manifest = path.join(dir, 'manifest.json');
writeFileSync(manifest, JSON.stringify({ id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'share.send', why: 'Share an album.' }] }));
const data = path.join(dir, 'data');
mkdirSync(data, { mode: 0o700 });
const serve = await rawServe(['--manifest', manifest, '--data', data]);
// An unknown tool still leaves its audit row: the first one commits, the ones after the disk fills cannot.
const answers = [await serve.request(1, 'tools/call', { name: 'nope__x', arguments: {} })];
fillDisk(dir);
for (let id = 2; id <= 4; id++) answers.push(await serve.request(id, 'tools/call', { name: 'nope__x', arguments: {} }));
const code = await serve.end();
process.stdout.write(`${JSON.stringify({ code, answers: answers.map((a) => a.error?.message ?? 'result'), stderr: serve.stderr() })}\n`);
