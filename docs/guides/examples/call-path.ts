/**
 * The host guide's call path: `createCallPath` wired with the album
 * providers, in-memory stores and a consent UI that answers like a person
 * would; then one UI call, one agent call and one refusal, each audited.
 * Run: node --import tsx docs/guides/examples/call-path.ts
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { MemoryAuditSink } from '@xcap/audit';
import { MemoryBlobStore } from '@xcap/bridge';
import { MemoryGrantStore } from '@xcap/broker';
import { createAlbumProviders, sampleLibrary } from './album-providers.js';
// #region wire
// From call-path.ts, whose first lines import randomBytes (node:crypto), MemoryAuditSink, MemoryBlobStore, MemoryGrantStore and album-providers.ts.
import { catalog } from '@xcap/catalog';
import { createCallPath } from '@xcap/call';

const audit = new MemoryAuditSink();
const path = createCallPath({
  catalog,
  app: {
    id: 'acme.album',
    screens: ['albums', 'page'],
    manifest: [
      { id: 'photos.read', why: 'Pick the photos for your album.' },
      { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
    ],
  },
  provided: ['photos', 'print'], // print_pdf runs in the engine: no provider needed
  providers: createAlbumProviders(sampleLibrary()),
  blobs: new MemoryBlobStore(),
  grants: new MemoryGrantStore(),
  audit,
  // Your consent sheet: show sheet.title and sheet.text, answer what the person chose.
  consent: async ({ sheet }) => {
    console.log(`consent sheet: ${sheet.title} — ${sheet.text}`);
    return 'allow' as const; // or 'deny', or 'dismiss' (closed without an answer)
  },
  clock: () => new Date(),
  randomHex: () => randomBytes(16).toString('hex'),
});
// #endregion wire

// #region call
// call-path.ts, continued: `path` is the call path wired above.
// The app's UI calls photos_pick in the foreground: the person is asked once, then it runs.
const picked = await path.call({ from: 'ui', name: 'photos_pick', arguments: { limit: 2 }, foreground: true });
assert.equal(picked.kind, 'result');
if (picked.kind !== 'result') throw new Error('unexpected rpcError');
console.log(picked.result.isError ? picked.result.content[0].text : picked.result.structuredContent);

// An agent (run id "run-7") calls in the background: the grant is stored, so it runs too.
const listed = await path.call({ from: 'agent', name: 'photos__list', arguments: {}, foreground: false, client: 'run-7' });
// A picker tool in the background is refused: the person must be there.
const refused = await path.call({ from: 'agent', name: 'print__pdf', arguments: { title: 'Album', blocks: [] }, foreground: false, client: 'run-7' });
// An unknown tool is JSON-RPC -32602 for an agent, with no hint.
const unknown = await path.call({ from: 'agent', name: 'photos__delete', arguments: {}, foreground: false, client: 'run-7' });
// #endregion call

assert.equal(picked.result.isError, undefined);
assert.equal((picked.result.structuredContent as { photos: unknown[] }).photos.length, 2);
assert.equal(listed.kind === 'result' && listed.result.isError, undefined);
assert.deepEqual(refused.kind === 'result' ? refused.result.content : undefined, [{ type: 'text', text: 'denied: needsForeground' }]);
assert.deepEqual(unknown.kind === 'rpcError' ? unknown.error : undefined, { code: -32602, message: 'Unknown tool: photos__delete' });
// #region audit
// call-path.ts, continued: exactly one audit row per call, refusals included.
for (const row of audit.rows) console.log(row.clientId, row.tool, row.status, row.error ?? '');
// #endregion audit
assert.deepEqual(
  audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error]),
  [
    ['ui', 'photos__pick', 'ok', null],
    ['run-7', 'photos__list', 'ok', null],
    ['run-7', 'print__pdf', 'denied', 'needsForeground'],
    ['run-7', 'photos__delete', 'denied', 'unknownTool'],
  ],
);
