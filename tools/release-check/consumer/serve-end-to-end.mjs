// `xcap serve` end to end from the scratch project, run by the Node under
// test: the official MCP SDK v2 client (pinned to 2026-07-28) lists the
// tools, is refused (no grant yet), `xcap grant` grants, the same call
// succeeds, an unknown tool is -32602, and `xcap audit --json` (SQLite via
// better-sqlite3, compiled for this Node) shows one row per call. Prints
// one JSON line; the release check asserts on it. Bounded: exits 1 after 60 s.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { samplePhotos } from '@xcap/host-testing';

const watchdog = setTimeout(() => {
  process.stderr.write('serve-end-to-end: no answer within 60 s\n');
  process.exit(1);
}, 60_000);
const work = mkdtempSync(join(tmpdir(), 'xcap-serve-'));
const xcap = join(dirname(createRequire(import.meta.url).resolve('@xcap/host-node/package.json')), 'bin/xcap.js');
const cli = (...args) => execFileSync(process.execPath, [xcap, ...args], { encoding: 'utf8', timeout: 30_000 });
const photos = join(work, 'photos');
const data = join(work, 'data');
const manifest = join(work, 'app.json');
mkdirSync(photos);
// One modification time for all (newest first, then by name): written one after another, a loaded
// machine gave them different milliseconds and the order followed the clock.
const taken = new Date('2026-03-01T09:00:00.000Z');
for (const photo of samplePhotos()) {
  writeFileSync(join(photos, photo.name), Buffer.from(photo.data, 'base64'));
  utimesSync(join(photos, photo.name), taken, taken);
}
writeFileSync(
  manifest,
  JSON.stringify({ id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] }),
);

const client = new Client({ name: 'release-check', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [xcap, 'serve', '--manifest', manifest, '--data', data, '--photos', photos],
  stderr: 'pipe',
});
let serverLog = '';
transport.stderr?.on('data', (chunk) => (serverLog += chunk));
try {
  await client.connect(transport);
  const era = client.getProtocolEra();
  const { tools } = await client.listTools();
  const refused = await client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
  cli('grant', 'acme.album', 'photos.read', '--data', data);
  const granted = await client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
  let unknown = null;
  try {
    await client.callTool({ name: 'photos__delete', arguments: { id: 'p1' } });
  } catch (error) {
    unknown = error instanceof ProtocolError ? error.code : String(error);
  }
  await client.close();
  const audit = JSON.parse(cli('audit', '--json', '--data', data));
  process.stdout.write(
    `${JSON.stringify({
      era,
      tools: tools.map((t) => t.name),
      refused: { isError: refused.isError === true, content: refused.content },
      granted: { isError: granted.isError === true, names: (granted.structuredContent?.photos ?? []).map((p) => p.name) },
      unknown,
      audit: audit.map((row) => [row.tool, row.status, row.error ?? null]).reverse(),
    })}\n`,
  );
} catch (error) {
  process.stderr.write(`serve-end-to-end: ${error instanceof Error ? error.stack : String(error)}\nxcap serve stderr:\n${serverLog}\n`);
  process.exitCode = 1;
} finally {
  await client.close().catch(() => undefined);
  clearTimeout(watchdog);
  rmSync(work, { recursive: true, force: true });
}
