import type { Catalog, Grant, JsonObject } from '@xcap/catalog';
import type { AgentTool, GrantStore } from '@xcap/broker';
import type { BlobStore, StoredBlob } from '@xcap/bridge';
import type { AuditRow } from '@xcap/audit';
import type { CallAnswer, CallPath } from '@xcap/call';
import type { FakeProviders } from './fake-providers.js';
import type { NativeScript } from './native-script.js';
import type { ScriptedConsentUi } from './scripted-consent-ui.js';

/** One call a fake native received. */
export interface NativeCall {
  /** The UI tool name, `photos_pick`. */
  readonly tool: string;
  /** The native input as the bridge mapped it. */
  readonly input: JsonObject;
}

/** A call as a test makes it: like a `CallRequest`, but `foreground` defaults to the host's state and `client` to `run-1` for agents. */
export interface FakeCallRequest {
  readonly from: 'ui' | 'agent';
  readonly name: string;
  readonly arguments?: unknown;
  readonly foreground?: boolean;
  readonly client?: string;
}

/** A fake host: the real call path over in-memory stores, scripted natives and a scripted consent UI. */
export interface FakeHost {
  readonly catalog: Catalog;
  /** The call path, exactly as a real host builds it. */
  readonly path: CallPath;
  /** The providers object the call path resolves natives from (one method per native tool of each provided capability). */
  readonly providers: FakeProviders;
  /** The app id every call runs for. */
  readonly appId: string;
  /** The app files (a `MemoryBlobStore`, `blob-<n>` ids, unless replaced). */
  readonly blobs: BlobStore;
  /** The grants (a `MemoryGrantStore` unless replaced). */
  readonly grants: GrantStore;
  /** The audit rows the sink accepted so far, in order (the recording sink's rows). */
  readonly auditRows: readonly AuditRow[];
  /** The app's stored grant for `scope`. */
  grant(scope: string): Promise<Grant | undefined>;
  /** The app's file `fileId`. */
  file(fileId: string): Promise<StoredBlob | undefined>;
  /** The scripted consent UI: queue answers with `consent.answer(...)`, read what it showed in `consent.asked`. */
  readonly consent: ScriptedConsentUi;
  /** Every native call, in order. */
  readonly nativeCalls: readonly NativeCall[];
  /** Whether the app is in the foreground now. */
  readonly foreground: boolean;
  /** Moves the app to the foreground (`true`) or background. */
  setForeground(foreground: boolean): void;
  /** Changes how one native tool answers from now on. */
  script(tool: string, script: NativeScript): void;
  /** Runs one call through the call path. */
  call(request: FakeCallRequest): Promise<CallAnswer>;
  /** A call from app UI (`photos_pick`). */
  ui(name: string, args?: unknown): Promise<CallAnswer>;
  /** A call from an agent (`photos__pick`) with run id `client` (default `run-1`). */
  agent(name: string, args?: unknown, client?: string): Promise<CallAnswer>;
  /** The agent's tools/list. */
  listTools(): AgentTool[];
}
