/**
 * The agent author's guide (and the host guide's "serve agents over MCP"):
 * `xcap serve` from @xcap/host-node serves one app's manifest over stdio; an
 * agent talks to it with the official MCP SDK v2 client, on the 2026-07-28 protocol.
 * Run: node --import tsx docs/guides/examples/mcp-agent.ts
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { samplePhotos } from '@xcap/host-testing';
// #region imports
// From mcp-agent.ts, whose first lines import node:fs, node:os, node:path, node:module and samplePhotos (@xcap/host-testing).
import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
// #endregion imports

const work = mkdtempSync(join(tmpdir(), 'xcap-guide-'));
const photosDir = join(work, 'photos');
mkdirSync(photosDir);
for (const photo of samplePhotos()) writeFileSync(join(photosDir, photo.name), Buffer.from(photo.data, 'base64'));
// The `xcap` command of @xcap/host-node (what `npx xcap` runs in your project).
const xcap = join(dirname(createRequire(import.meta.url).resolve('@xcap/host-node/package.json')), 'bin/xcap.js');
const manifestFile = join(work, 'app.json');
const dataDir = join(work, 'data');

try {
  // #region manifest
  // mcp-agent.ts, continued: manifestFile, dataDir and photosDir are paths in a temporary folder made above.
  writeFileSync(
    manifestFile,
    JSON.stringify({
      id: 'acme.album',
      screens: ['albums'],
      capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }],
    }),
  );
  // #endregion manifest

  // #region connect
  // mcp-agent.ts, continued: `xcap` is the path of @xcap/host-node's bin/xcap.js, resolved above.
  const transport = new StdioClientTransport({
    command: process.execPath, // or "npx" with args ["xcap", "serve", …]
    args: [xcap, 'serve', '--manifest', manifestFile, '--data', dataDir, '--photos', photosDir],
    stderr: 'ignore', // xcap serve logs its run id and mode on stderr
  });
  // Pinned to 2026-07-28; without versionNegotiation the client opens with `initialize` (the 2025 protocol).
  const client = new Client({ name: 'album-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(transport);
  console.log(client.getProtocolEra()); // 'modern'

  const { tools } = await client.listTools(); // photos__get, photos__list, photos__pick: name, title, description, schemas, MCP hints
  console.log(tools.map((t) => t.name).join(', '));
  // #endregion connect
  assert.equal(client.getProtocolEra(), 'modern');
  assert.deepEqual(
    tools.map((t) => t.name),
    ['photos__get', 'photos__list', 'photos__pick'],
  );

  // #region call
  // mcp-agent.ts, continued: `client` is connected above.
  const first = await client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
  if (first.isError) console.log(first.content); // [{type: 'text', text: 'denied: consentNeeded'}]: no one was asked yet
  // #endregion call
  assert.deepEqual([first.content, first.isError, first.structuredContent], [[{ type: 'text', text: 'denied: consentNeeded' }], true, undefined]);

  // The person grants the scope on the host (here: the xcap CLI), and the same call succeeds.
  execFileSync(process.execPath, [xcap, 'grant', 'acme.album', 'photos.read', '--data', dataDir]);

  // #region granted
  // mcp-agent.ts, continued: `client` as above, after `xcap grant`.
  const listed = await client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
  const { photos } = listed.structuredContent as { photos: { id: string; name: string }[] };
  console.log(photos.map((p) => p.name)); // the library, newest first

  try {
    await client.callTool({ name: 'photos__delete', arguments: { id: photos[0]!.id } });
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    console.log(error.code); // -32602: unknown tool, no hint
  }
  await client.close();
  // #endregion granted
  assert.equal(photos.length, 3);

  const audit = JSON.parse(execFileSync(process.execPath, [xcap, 'audit', '--json', '--data', dataDir], { encoding: 'utf8' })) as { tool: string; status: string }[];
  assert.deepEqual(
    audit.map((r) => [r.tool, r.status]).reverse(),
    [
      ['photos__list', 'denied'],
      ['photos__list', 'ok'],
      ['photos__delete', 'denied'],
    ],
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
