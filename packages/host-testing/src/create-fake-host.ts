import { catalog as builtInCatalog, type JsonObject } from '@xcap/catalog';
import { MemoryGrantStore } from '@xcap/broker';
import { MemoryBlobStore, type BlobStore } from '@xcap/bridge';
import { createCallPath } from '@xcap/call';
import { counterHex } from './counter-hex.js';
import { declareAll } from './default-manifest.js';
import type { FakeBlob, FakeHostOptions } from './fake-host-options.js';
import type { FakeHost, NativeCall } from './fake-host.js';
import { fakeProviders } from './fake-providers.js';
import { fixedClock } from './fixed-clock.js';
import type { NativeScript } from './native-script.js';
import { RecordingAuditSink } from './recording-audit-sink.js';
import { ScriptedConsentUi } from './scripted-consent-ui.js';
import { scriptedNative } from './scripted-native.js';
import { servedCapabilities } from './served-capabilities.js';

const unserved: NativeScript = { isError: 'unavailable' };

/**
 * A fake host for testing an app or agent against xcap without a device:
 * the REAL call path (`createCallPath`: broker, consent, bridge, audit) over
 * an in-memory blob store (`blob-<n>` ids), an in-memory grant store, a
 * recording audit sink, a scripted consent UI (a queue of answers; it
 * records every sheet), scripted natives (an unscripted native tool answers
 * isError `unavailable`, as the spec wants of a tool a host cannot serve), a
 * fixed clock and deterministic ids (`000…001`, `000…002`, …). Every option
 * has a default; see `FakeHostOptions`. Throws the call path's
 * `HostSetupError` for a bad manifest or capability list.
 */
export function createFakeHost(options: FakeHostOptions = {}): FakeHost {
  if (options.blobStore !== undefined && options.blobs !== undefined)
    throw new TypeError('createFakeHost: blobs seeds only the built-in MemoryBlobStore; seed your own blobStore yourself');
  if (options.grantStore !== undefined && options.grants !== undefined)
    throw new TypeError('createFakeHost: grants seeds only the built-in MemoryGrantStore; seed your own grantStore yourself');
  const catalog = options.catalog ?? builtInCatalog;
  const appId = options.appId ?? catalog.v1.context.app;
  const screens = options.screens ?? catalog.v1.context.screens;
  const provided = options.provided ?? servedCapabilities(catalog, options.host);
  const manifest = options.manifest ?? declareAll(catalog, provided);

  const scripts = new Map<string, NativeScript>(Object.entries(options.natives ?? {}));
  const nativeCalls: NativeCall[] = [];
  const providers = fakeProviders(catalog, provided, (tool, input) => {
    nativeCalls.push({ tool, input: structuredClone<JsonObject>(input) });
    return scriptedNative(scripts.get(tool) ?? unserved)(input);
  });

  const memoryBlobs = new MemoryBlobStore();
  const blobs: BlobStore = options.blobStore ?? memoryBlobs;
  for (const [fileId, blob] of Object.entries(options.blobs ?? {})) seedBlob(memoryBlobs, appId, fileId, blob);

  const grants = options.grantStore ?? new MemoryGrantStore({ [appId]: { ...options.grants } });

  const audit = new RecordingAuditSink(options.auditSink);
  const consent = new ScriptedConsentUi(options.consent ?? []);
  let foreground = options.foreground ?? true;

  const path = createCallPath({
    catalog,
    app: { id: appId, screens, manifest },
    ...(options.host === undefined ? {} : { host: options.host }),
    provided,
    providers,
    blobs,
    grants,
    audit,
    consent: consent.ui,
    clock: fixedClock(options.now),
    randomHex: counterHex(),
    timeoutMs: options.timeoutMs ?? 1000,
    auditTimeoutMs: options.auditTimeoutMs ?? 1000,
  });

  const host: FakeHost = {
    catalog,
    path,
    providers,
    appId,
    blobs,
    grants,
    auditRows: audit.rows,
    consent,
    nativeCalls,
    get foreground() {
      return foreground;
    },
    setForeground(value) {
      foreground = value;
    },
    script(tool, script) {
      scripts.set(tool, script);
    },
    call(request) {
      const base = { name: request.name, foreground: request.foreground ?? foreground, ...('arguments' in request ? { arguments: request.arguments } : {}) };
      return request.from === 'agent' ? path.call({ ...base, from: 'agent', client: request.client ?? 'run-1' }) : path.call({ ...base, from: 'ui' });
    },
    ui(name, ...args) {
      return host.call({ from: 'ui', name, ...(args.length > 0 ? { arguments: args[0] } : {}) });
    },
    agent(name, args, client) {
      return host.call({ from: 'agent', name, ...(args === undefined ? {} : { arguments: args }), ...(client === undefined ? {} : { client }) });
    },
    listTools: () => path.listTools(),
    grant: async (scope) => grants.get(appId, scope),
    file: async (fileId) => blobs.get(appId, fileId),
  };
  return host;
}

function seedBlob(store: MemoryBlobStore, app: string, fileId: string, blob: FakeBlob): void {
  if (typeof blob === 'string') return store.seed(app, fileId, Buffer.from(blob, 'base64'));
  if (blob instanceof Uint8Array) return store.seed(app, fileId, blob);
  const bytes = blob.bytes ?? Buffer.from(blob.base64 ?? '', 'base64');
  store.seed(app, fileId, bytes, {
    ...(blob.name === undefined ? {} : { name: blob.name }),
    ...(blob.mimeType === undefined ? {} : { mimeType: blob.mimeType }),
  });
}
