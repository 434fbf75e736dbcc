import { catalog, type JsonObject } from '@xcap/catalog';
import { MemoryAuditSink, type AuditSink } from '@xcap/audit';
import { MemoryGrantStore } from '@xcap/broker';
import { MemoryBlobStore } from '@xcap/bridge';
import { createCallPath, type CallPath, type ConsentUi } from '@xcap/call';
import { fakeProviders, sampleNatives } from '@xcap/host-testing';

/** A call path over memory stores and the sample natives, for in-process MCP tests. */
export interface TestCallPath {
  readonly callPath: CallPath;
  readonly grants: MemoryGrantStore;
  readonly audit: MemoryAuditSink;
}

/** The manifest every MCP test serves: photos (ask), print (picker), notifications (ask). */
export const testManifest = [
  { id: 'photos.read', why: 'Pick the photos for your album.' },
  { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
  { id: 'notifications.post', why: 'Tell you when the album is ready.' },
];

/** What else a test call path may be built with. */
export interface TestCallPathOptions {
  /** The sink the call path writes its rows to instead of `audit` (which then stays empty). */
  readonly sink?: AuditSink;
  /** How long one row's write may take before it counts as failed (the call path's default otherwise). */
  readonly auditTimeoutMs?: number;
  /** How long a consent sheet waits (the call path's default otherwise). */
  readonly consentTimeoutMs?: number;
}

/** Builds the test call path; `consent` is the host's own consent UI. */
export function testCallPath(consent: ConsentUi = () => 'dismiss', options: TestCallPathOptions = {}): TestCallPath {
  const scripts = sampleNatives();
  const providers = fakeProviders(catalog, ['photos', 'print', 'notifications'], (tool, input: JsonObject) => {
    const script = scripts[tool];
    return typeof script === 'function' ? script(input) : script;
  });
  const grants = new MemoryGrantStore();
  const audit = new MemoryAuditSink();
  let n = 0;
  // The sample natives come as a string-indexed map built at run time, so the list is typed as plain strings.
  const provided: readonly string[] = ['photos', 'print', 'notifications'];
  const callPath = createCallPath({
    catalog,
    app: { id: 'acme.album', screens: ['albums'], manifest: testManifest },
    provided,
    providers,
    blobs: new MemoryBlobStore(),
    grants,
    audit: options.sink ?? audit,
    ...(options.auditTimeoutMs === undefined ? {} : { auditTimeoutMs: options.auditTimeoutMs }),
    ...(options.consentTimeoutMs === undefined ? {} : { consentTimeoutMs: options.consentTimeoutMs }),
    consent,
    clock: () => new Date('2026-07-14T05:40:00Z'),
    randomHex: () => (n++).toString(16).padStart(32, '0'),
  });
  return { callPath, grants, audit };
}
