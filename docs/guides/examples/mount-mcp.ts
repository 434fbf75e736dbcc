/**
 * The host guide's "your own MCP server": the same adapter `xcap serve` uses
 * (`mountCallPath` from @xcap/mcp) mounted on the SDK v2 low-level
 * `Server`, here connected in-process to an SDK v2 client (legacy era).
 * Run: node --import tsx docs/guides/examples/mount-mcp.ts
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { MemoryAuditSink } from '@xcap/audit';
import { MemoryBlobStore } from '@xcap/bridge';
import { MemoryGrantStore } from '@xcap/broker';
import { catalog } from '@xcap/catalog';
import { createCallPath } from '@xcap/call';
import { createAlbumProviders, sampleLibrary } from './album-providers.js';
// #region mount
// From mount-mcp.ts, whose first lines import the stores, createCallPath, the catalog and album-providers.ts, as call-path.ts does.
import { Server } from '@modelcontextprotocol/server';
import { mountCallPath } from '@xcap/mcp';

const grants = new MemoryGrantStore();
await grants.set('acme.album', 'photos.read', 'granted'); // decided earlier, on a consent sheet
const callPath = createCallPath({
  catalog,
  app: { id: 'acme.album', screens: ['albums'], manifest: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] },
  provided: ['photos'],
  providers: createAlbumProviders(sampleLibrary()),
  blobs: new MemoryBlobStore(),
  grants,
  audit: new MemoryAuditSink(),
  consent: () => 'dismiss' as const, // no person at this server: undecided scopes answer consentNeeded
  clock: () => new Date(),
  randomHex: () => randomBytes(16).toString('hex'),
});

// One Server per connection = one agent run; its run id is every audit row's clientId.
const server = new Server({ name: 'acme-host', version: '1.0.0' }, { capabilities: { tools: {} } });
const served = mountCallPath(server, callPath, { era: 'legacy', foreground: false }); // from a serveStdio / createMcpHandler factory: its `era`
// #endregion mount

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: 'album-agent', version: '1.0.0' });
await client.connect(clientSide);
const { tools } = await client.listTools();
assert.deepEqual(
  tools.map((t) => t.name),
  ['photos__get', 'photos__list', 'photos__pick'],
);
const listed = await client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
assert.equal((listed.structuredContent as { photos: unknown[] }).photos.length, 2);
await served.idle();
await client.close();
console.log(`served run ${served.clientId}: ${tools.length} tools`);
