/**
 * The app author's guide: a manifest, the consent kinds as the person meets
 * them, and the typed tool client, run against host-testing's fake host (the
 * app team's test double of a real host).
 * Run: node --import tsx docs/guides/examples/app-client.ts
 */
import assert from 'node:assert/strict';
import { validateManifest } from '@xcap/broker';
import { createFakeHost, sampleNatives } from '@xcap/host-testing';
// #region manifest
// From app-client.ts, whose first lines import validateManifest (@xcap/broker) and createFakeHost, sampleNatives (@xcap/host-testing).
import { catalog, createToolClient, ToolCallError } from '@xcap/catalog';

// The app's capability manifest: every scope it may ever use, and why (shown on the consent sheet).
const manifest = [
  { id: 'photos.read', why: 'Pick the photos for your album.' }, // consent "ask": a sheet once, the answer is kept
  { id: 'print.pdf', why: 'Lay your album out as a PDF.' }, // consent "picker": the platform's own sheet, every call
];
const checked = validateManifest(catalog, manifest);
if (!checked.ok) throw new Error(checked.errors.join('\n')); // e.g. "/0/id: no scope \"photo.read\" in the catalog"
// #endregion manifest

assert.deepEqual(validateManifest(catalog, [{ id: 'photo.read', why: 'x' }]), { ok: false, errors: ['/0/id: no scope "photo.read" in the catalog'] });
const hostOnly = validateManifest(catalog, [{ id: 'shell.edit', why: 'Edit the desktop.' }]);
assert.ok(!hostOnly.ok && /^\/0\/id: .*host-only/.test(hostOnly.errors[0] ?? ''));

// The person will answer "allow" to the first consent sheet.
const host = createFakeHost({ manifest, natives: sampleNatives(), consent: ['allow'], foreground: true });

// #region client
// app-client.ts, continued: `host` is host-testing's fake host, made with this manifest above.
// The host hands the app a way to call a tool; the client makes it typed.
const client = createToolClient(async ({ name, arguments: args }) => {
  const answer = await host.ui(name, args);
  if (answer.kind !== 'result') throw new Error(answer.error.message);
  return answer.result;
});

const { photos } = await client.photos.pick({ limit: 2 }); // first call: the consent sheet, then the picker
const album = await client.print.pdf({
  title: 'Summer',
  blocks: [{ heading: 'Summer' }, ...photos.map((p) => ({ image: p.fileId, caption: p.name }))],
});
console.log(`${album.file.name}: ${album.pages} page(s), ${album.file.size} bytes`);

try {
  await client.photos.pick({ limit: 500 }); // the schema says 1–50
} catch (error) {
  if (!(error instanceof ToolCallError)) throw error;
  console.log(error.code, error.reason); // invalidParams invalidParams: /limit maximum
}
// #endregion client

assert.equal(photos.length, 2);
assert.equal(album.file.name, 'Summer.pdf');
assert.equal(host.consent.asked.length, 1);

// #region background
// app-client.ts, continued: `host` and `client` as above.
host.setForeground(false);
// photos.read was granted: it works in the background too. A picker needs the person there.
const refused = await client.print.pdf({ title: 'Later', blocks: [{ text: 'x' }] }).catch((error: unknown) => error);
console.log(refused instanceof ToolCallError ? refused.reason : refused); // denied: needsForeground
// #endregion background
assert.ok(refused instanceof ToolCallError && refused.reason === 'denied: needsForeground');
assert.deepEqual(
  host.auditRows.map((r) => [r.tool, r.status, r.error]),
  [
    ['photos__pick', 'ok', null],
    ['print__pdf', 'ok', null],
    ['photos__pick', 'invalid', 'invalidParams'],
    ['print__pdf', 'denied', 'needsForeground'],
  ],
);
