/**
 * Test child for the SIGKILL loop: writes audit rows (bursts of concurrent
 * writes with a short pause between bursts, so the other streams get their
 * turn), grants (one after another) and app files into the data directory
 * `<dir>` (the audit log with `synchronous` full or normal) until it is
 * killed, printing one line per acknowledged write: `row <tag> <n>`,
 * `grant <scope>`, `blob <fileId> <sha256>`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileBlobStore, FileGrantStore, SqliteAuditSink, dataPaths } from '../../src/index.js';

const [dir, tag, synchronous] = process.argv.slice(2);
if (dir === undefined || tag === undefined || (synchronous !== 'full' && synchronous !== 'normal'))
  throw new Error('usage: stream-writer <dataDir> <tag> full|normal');
const paths = dataPaths(dir);
const sink = new SqliteAuditSink(paths.audit, { synchronous });
const grants = new FileGrantStore(paths.consent);
const blobs = new FileBlobStore(paths.files);
const app = 'acme.album';
const ack = (line: string) => process.stdout.write(`${line}\n`);

async function rows(): Promise<never> {
  for (let n = 0; ;) {
    const burst = Array.from({ length: 1 + Math.floor(Math.random() * 200) }, () => n++);
    await Promise.all(
      burst.map((i) =>
        sink
          .write(
            { appId: app, clientId: tag as string, tool: 'photos__pick', status: 'ok', error: null, argsHash: `sha256:${i}` },
            { at: new Date().toISOString(), durationMs: 1 },
          )
          .then(() => ack(`row ${tag} ${i}`)),
      ),
    );
    await sleep(2);
  }
}

async function grantLoop(): Promise<never> {
  for (let n = 0; ; n++) {
    const scope = `s-${tag}-${n}`;
    await grants.set(app, scope, 'granted');
    ack(`grant ${scope}`);
  }
}

async function blobLoop(): Promise<never> {
  for (;;) {
    const bytes = randomBytes(1 + Math.floor(Math.random() * 65_536));
    const fileId = await blobs.put(app, 'noise.bin', 'application/octet-stream', bytes);
    ack(`blob ${fileId} ${createHash('sha256').update(bytes).digest('hex')}`);
  }
}

ack('ready');
await Promise.all([rows(), grantLoop(), blobLoop()]);
