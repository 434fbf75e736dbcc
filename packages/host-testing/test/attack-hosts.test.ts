/**
 * Nothing a host plugs in may hang a call: with any mix of a blob store, a
 * grant store, a consent UI, a native and an audit sink that never answer,
 * every call settles within the sum of its timeouts, with exactly one row
 * (written, or pending when the sink is the one that hangs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '@xcap/catalog';
import { MemoryAuditSink, type AuditRow } from '@xcap/audit';
import { MemoryGrantStore, type GrantStore } from '@xcap/broker';
import { MemoryBlobStore, type BlobStore } from '@xcap/bridge';
import { createCallPath, type CallPathOptions } from '@xcap/call';
import { createFakeHost, fakeProviders, sampleNatives } from '../src/index.js';

const never = () => new Promise<never>(() => undefined);
const timeout = 25;
const manifest = [
  { id: 'photos.read', why: 'Pick photos.' },
  { id: 'share.send', why: 'Share.' },
  { id: 'print.pdf', why: 'Print.' },
];

interface Hangs {
  blobGet: boolean;
  blobPut: boolean;
  grantGet: boolean;
  grantSet: boolean;
  consent: boolean;
  native: boolean;
  audit: boolean;
}

function hostWith(hangs: Hangs) {
  const memoryBlobs = new MemoryBlobStore();
  memoryBlobs.seed('acme.album', 'f1', new TextEncoder().encode('hello'), { name: 'a.txt', mimeType: 'text/plain' });
  const blobs: BlobStore = {
    get: (app, id) => (hangs.blobGet ? never() : memoryBlobs.get(app, id)),
    put: (app, name, mimeType, bytes) => (hangs.blobPut ? never() : memoryBlobs.put(app, name, mimeType, bytes)),
  };
  const memoryGrants = new MemoryGrantStore();
  const grants: GrantStore = {
    get: (app, scope) => (hangs.grantGet ? never() : memoryGrants.get(app, scope)),
    set: (app, scope, grant) => (hangs.grantSet ? never() : memoryGrants.set(app, scope, grant)),
    delete: (app, scope) => memoryGrants.delete(app, scope),
  };
  const memoryAudit = new MemoryAuditSink();
  const audit = { write: (row: AuditRow) => (hangs.audit ? never() : memoryAudit.write(row)) };
  const scripts = sampleNatives();
  const providers = fakeProviders(catalog, ['photos', 'share', 'print'], async (tool, input) => {
    if (hangs.native) return never();
    const script = scripts[tool];
    return typeof script === 'function' ? script(input) : script;
  });
  const options: CallPathOptions = {
    catalog,
    app: { id: 'acme.album', screens: ['albums'], manifest },
    provided: ['photos', 'share', 'print'],
    providers,
    blobs,
    grants,
    audit,
    consent: () => (hangs.consent ? never() : 'allow'),
    clock: () => new Date(0),
    randomHex: () => '0'.repeat(32),
    timeoutMs: timeout,
    auditTimeoutMs: timeout,
    blobTimeoutMs: timeout,
    grantTimeoutMs: timeout,
    consentTimeoutMs: timeout,
  };
  return { path: createCallPath(options), rows: memoryAudit.rows };
}

const calls: [string, unknown][] = [
  ['photos_pick', { limit: 2 }],
  ['share_send', { fileId: 'f1', name: 'a.txt' }],
  ['print_pdf', { title: 'T', blocks: [{ text: 'x' }] }],
  ['bluetooth_scan', {}],
];

describe('attack: hosts that never answer', () => {
  it('every call settles within the sum of its timeouts, with exactly one row', async () => {
    // At most: grant get, consent, grant set, blob get, native, blob put, audit write — seven timeouts.
    const bound = 7 * timeout + 400;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          blobGet: fc.boolean(),
          blobPut: fc.boolean(),
          grantGet: fc.boolean(),
          grantSet: fc.boolean(),
          consent: fc.boolean(),
          native: fc.boolean(),
          audit: fc.boolean(),
        }),
        fc.constantFrom(...calls),
        async (hangs, [name, args]) => {
          const { path, rows } = hostWith(hangs);
          const start = performance.now();
          const answer = await path.call({ from: 'ui', name, arguments: args, foreground: true });
          expect(performance.now() - start).toBeLessThan(bound);
          expect(answer.kind).toBe('result');
          expect(rows.length + path.pendingAudit().length).toBe(1);
          expect(rows.length === 1 ? rows[0] : path.pendingAudit()[0]?.row).toEqual(answer.audit);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with a sink that never answers, 20 parallel calls answer after about one audit timeout, not twenty', async () => {
    const host = createFakeHost({ auditSink: { write: never }, auditTimeoutMs: 100 });
    const start = performance.now();
    await Promise.all(Array.from({ length: 20 }, () => host.ui('bluetooth_scan')));
    expect(performance.now() - start).toBeLessThan(500);
    expect(host.path.pendingAudit()).toHaveLength(20);
  });

  it('a row the sink always refuses blocks none behind it: 2,000 calls, 1 pending', async () => {
    const host = createFakeHost({
      auditSink: {
        write: (row) => {
          if (row.tool === 'bluetooth__scan') throw new Error('poison');
        },
      },
    });
    await host.ui('bluetooth_scan');
    for (let i = 0; i < 2_000; i++) await host.ui('camera_capture', {});
    expect(host.auditRows).toHaveLength(2_000);
    expect(host.path.pendingAudit().map((p) => p.row.tool)).toEqual(['bluetooth__scan']);
  });
});
