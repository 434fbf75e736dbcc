/**
 * The agent author's guide, "Over HTTP": `xcap serve --http` serves one
 * app's manifest to every agent holding a token; an agent connects with the
 * official MCP SDK v2 client over Streamable HTTP, a bearer token in its
 * headers. Here the host side runs as child processes (`xcap token add`,
 * `xcap serve --http 127.0.0.1:0`), stopped at the end.
 * Run: node --import tsx docs/guides/examples/mcp-http-agent.ts
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { samplePhotos } from '@xcap/host-testing';

const work = mkdtempSync(join(tmpdir(), 'xcap-guide-http-'));
const photosDir = join(work, 'photos');
mkdirSync(photosDir);
for (const photo of samplePhotos()) writeFileSync(join(photosDir, photo.name), Buffer.from(photo.data, 'base64'));
const xcap = join(dirname(createRequire(import.meta.url).resolve('@xcap/host-node/package.json')), 'bin/xcap.js');
const manifestFile = join(work, 'app.json');
writeFileSync(manifestFile, JSON.stringify({ id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] }));
const dataDir = join(work, 'data');

// The host: a token for the agent (printed once), the grant, and the server on a free loopback port.
const token = execFileSync(process.execPath, [xcap, 'token', 'add', 'album-agent', '--data', dataDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
execFileSync(process.execPath, [xcap, 'grant', 'acme.album', 'photos.read', '--data', dataDir]);
const serve = spawn(process.execPath, [xcap, 'serve', '--manifest', manifestFile, '--data', dataDir, '--photos', photosDir, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
process.on('exit', () => {
  serve.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});
const url = await new Promise<string>((resolve, reject) => {
  let stderr = '';
  const timer = setTimeout(() => reject(new Error(`xcap serve --http printed no URL: ${stderr}`)), 15_000);
  serve.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    const found = /listening on (http:\/\/\S+\/mcp),/.exec(stderr)?.[1];
    if (found !== undefined) {
      clearTimeout(timer);
      resolve(found);
    }
  });
});

// #region http-client
// From mcp-http-agent.ts, whose first lines start `xcap serve --http` and read its `url` and a `token`.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const client = new Client({ name: 'album-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
await client.connect(
  new StreamableHTTPClientTransport(new URL(url), { // e.g. http://127.0.0.1:8080/mcp
    requestInit: { headers: { authorization: `Bearer ${token}` } }, // the token `xcap token add` printed
  }),
);
const listed = await client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
// #endregion http-client
assert.equal(client.getProtocolEra(), 'modern');
assert.equal((listed.structuredContent as { photos: unknown[] }).photos.length, 3);
await client.close();

const audit = JSON.parse(execFileSync(process.execPath, [xcap, 'audit', '--json', '--data', dataDir], { encoding: 'utf8' })) as { clientId: string; tool: string; status: string }[];
assert.deepEqual(
  audit.map((r) => [r.clientId, r.tool, r.status]),
  [['token:album-agent', 'photos__list', 'ok']],
);
console.log(`${audit.length} call audited as token:album-agent`);
serve.kill('SIGTERM'); // xcap serve answers what is in flight, closes the audit log and exits 0
const code = await new Promise<number | null>((resolve) => serve.once('exit', (exitCode) => resolve(exitCode)));
assert.equal(code, 0);
