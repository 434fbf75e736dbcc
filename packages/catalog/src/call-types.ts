/**
 * The types every step of a call shares: the call itself, the broker's
 * verdict, the native's answer, the MCP call result and the call's outcome.
 * They live here, at the bottom of the dependency graph, so broker, bridge,
 * audit and hosts all speak the same words.
 */
import type { JsonObject, JsonValue } from './catalog-types.js';

/** Who makes a call: app UI (`photos_pick`) or an agent (`photos__pick`). */
export type CallFrom = 'ui' | 'agent';

/** One tool call as the engine receives it. */
export interface ToolCall {
  readonly from: CallFrom;
  /** The tool name as called: `<capability>_<tool>` from UI, `<capability>__<tool>` from an agent. */
  readonly name: string;
  /** The arguments as received; absent counts as `{}`. */
  readonly arguments?: unknown;
}

/** A capability and tool a name parses to. */
export interface ParsedToolName {
  readonly capability: string;
  readonly tool: string;
}

/** The broker's verdict kinds. */
export type VerdictKind = 'call' | 'ask' | 'denied' | 'unknown' | 'unavailable';

/** Why a call was refused. */
export type RefusalReason =
  'unknownTool' | 'hostOnly' | 'notDeclared' | 'unavailable' | 'originNotDeclared' | 'needsForeground' | 'consentDenied' | 'consentNeeded';

/** The broker's decision for one call (`decideCases` shape). */
export interface Verdict {
  readonly verdict: VerdictKind;
  readonly capability: string | null;
  readonly tool: string | null;
  readonly scope: string | null;
  readonly reason: RefusalReason | null;
}

/** A stored consent answer for one app and scope. */
export type Grant = 'granted' | 'denied';

/** One entry of a package's capability manifest (package format 5). */
export interface ManifestEntry {
  readonly id: string;
  readonly why: string;
  readonly origins?: readonly string[];
}

/** How a call that reached the bridge ended (audit.json's outcomes). */
export type Outcome = 'ok' | 'isError' | 'invalidParams' | 'rpcError' | 'unreachable' | 'timeout';

/** What a native provider answers: the structured result, or an error reason. */
export type NativeResult<T = JsonObject> = { readonly structuredContent: T } | { readonly isError: string };

/**
 * Who calls, as the person is told: the agent as it names itself and how it
 * reached the host. Every string is shown as text, never as markup.
 */
export interface AgentLabel {
  /** `clientInfo.name` from `initialize` (or the modern era's client info), at most 100 characters; `null` when unknown. */
  readonly name: string | null;
  /** `clientInfo.version`, at most 50 characters; `null` when unknown. */
  readonly version: string | null;
  /** How it reached the host, for a person: `token laptop`, `OAuth client xcap-agent at login.example.com`; at most 200 characters; `null` over stdio. */
  readonly via: string | null;
}

/**
 * What the bridge hands a native with its input: when the host stops
 * waiting for it, and who called. `signal` aborts when the bridge's native
 * timeout passes or the call is cancelled (the client cancelled or went
 * away); a native that asks a person (a picker) closes its dialog then, and
 * whatever it answers after is ignored. `deadline` is when the native
 * timeout passes, in milliseconds since the epoch on the host's clock
 * (`Date.now()`); `Infinity` when the host waits for ever. `agent` and
 * `client` name the caller (a picker names the agent as a consent sheet
 * does); both are `null` for a call from the app's own UI.
 */
export interface NativeContext {
  /** Aborted when the host stops waiting for this native's answer. */
  readonly signal: AbortSignal;
  /** When the host stops waiting at the latest: ms since the epoch (`Date.now()` of the host), or `Infinity`. */
  readonly deadline: number;
  /** The agent that called, as the person is told (all three parts `null` when it gave no name); `null` for a call from the app's UI. */
  readonly agent: AgentLabel | null;
  /** The audit clientId of the agent that called (its run id, `token:<name>`, `oauth:…`); `null` for a call from the app's UI. */
  readonly client: string | null;
  /**
   * Aborted once the host is done with this native's answer (the bridge
   * checked it and stored its files, or the call ended without it): a
   * native that counts its answer's bytes against a bound (a provider
   * process's answer budget) holds them until then. Absent when the caller
   * does not say; the bridge always gives it.
   */
  readonly answered?: AbortSignal;
}

/** One text item of an MCP call result. */
export interface TextContent {
  readonly type: 'text';
  readonly text: string;
}

/** A successful MCP call result: the structured content and its JSON text. */
export interface CallSuccess<T = JsonObject> {
  readonly content: readonly [TextContent];
  readonly structuredContent: T;
  readonly isError?: undefined;
}

/** A failed MCP call result: the reason as text. */
export interface CallFailure {
  readonly content: readonly [TextContent];
  readonly isError: true;
  readonly structuredContent?: undefined;
}

/** Every answer of a tool call is an MCP call result. */
export type CallResult<T = JsonObject> = CallSuccess<T> | CallFailure;

/** The app a call runs for: its id and its declared screens. */
export interface AppContext {
  readonly app: string;
  readonly screens: readonly string[];
}

/** The result of validating tool arguments: the arguments with defaults, or the spec's error. */
export type ValidationResult<T = JsonObject> =
  { readonly arguments: T; readonly error?: undefined } | { readonly error: string; readonly arguments?: undefined };

export type { JsonValue };
