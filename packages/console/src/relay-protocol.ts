import { consolePendingKinds, type ConsolePendingKind } from './console-contract.js';

/** The bounds of the relay between `xcap serve` and a running `xcap console`. */
export const relayLimits = {
  /** The longest message, in bytes of UTF-8 JSON (a socket line without its newline, a PostgreSQL payload); past it the connection is closed. */
  maxMessageBytes: 256 * 1024,
  /** Requests one connection (one `xcap serve`) may have open at once; past it a new one ends with its fallback at once. */
  maxOpenPerConnection: 64,
  /** How long `xcap serve` waits for a running console's `hello`, in ms. */
  helloTimeoutMs: 2_000,
  /** The longest app id, agent key, agent name or file path carried. */
  maxTextLength: 4_096,
  /** Files one request may carry at most (the photos a picker offers). */
  maxFiles: 500,
} as const;

/** Who asks, as it crossed the relay (the `AgentJson` of the console's contract). */
export interface RelayAgent {
  /** `clientInfo.name`, or `null`. */
  readonly name: string | null;
  /** `clientInfo.version`, or `null`. */
  readonly version: string | null;
  /** How it reached the host (`token laptop`), or `null`. */
  readonly via: string | null;
}

/** A request `xcap serve` hands to the console: only data (its answer is read back by the host's own `parse`). */
export interface RelayAskMessage {
  /** Always `ask`. */
  readonly t: 'ask';
  /** The host's id of the request, unique on its connection. */
  readonly id: number;
  /** The kind. */
  readonly kind: ConsolePendingKind;
  /** The app id. */
  readonly app: string;
  /** Who asks, or `null` (the app's own UI). */
  readonly agent: RelayAgent | null;
  /** The audit client id of the agent, or `ui`. */
  readonly agentKey: string;
  /** The kind's own `Pending` fields. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** When the host stops waiting (ms since the epoch), or `null`. */
  readonly deadline: number | null;
  /** Photo id → absolute path (a data directory's console reads them; empty over PostgreSQL). */
  readonly files: Readonly<Record<string, string>>;
}

/** What `xcap serve` sends: a request, its end (the call stopped waiting or was cancelled), its detach, or that grants changed. */
export type RelayHostMessage =
  RelayAskMessage | { readonly t: 'end'; readonly id: number } | { readonly t: 'detach'; readonly id: number } | { readonly t: 'grants' };

/** What the console sends: who it is (its address, never its secret), an answer (raw, already checked), or a request ended unanswered. */
export type RelayConsoleMessage =
  | { readonly t: 'hello'; readonly url: string }
  | { readonly t: 'answer'; readonly id: number; readonly answer: unknown }
  | { readonly t: 'ended'; readonly id: number };

/** Reads a message of `xcap serve`, or a sentence saying what is wrong with it. */
export function readHostMessage(value: unknown): RelayHostMessage | string {
  if (!isObject(value)) return 'a message must be a JSON object';
  if (value.t === 'grants') return { t: 'grants' };
  if (!isId(value.id)) return 'id must be a non-negative integer';
  if (value.t === 'end' || value.t === 'detach') return { t: value.t, id: value.id };
  if (value.t !== 'ask') return `unknown message type ${JSON.stringify(value.t)}`;
  const { kind, app, agent, agentKey, fields, deadline, files } = value;
  if (typeof kind !== 'string' || !(consolePendingKinds as readonly string[]).includes(kind)) return 'kind must be a console kind';
  if (!isText(app) || app === '') return 'app must be a non-empty string';
  if (!isText(agentKey)) return 'agentKey must be a string';
  const readAgent = agent === null || agent === undefined ? null : relayAgent(agent);
  if (readAgent === undefined) return 'agent must be null or { name, version, via } of strings or null';
  if (!isObject(fields)) return 'fields must be an object';
  if (deadline !== null && (typeof deadline !== 'number' || !Number.isFinite(deadline))) return 'deadline must be a number or null';
  const fileMap = files === undefined ? {} : files;
  if (!isObject(fileMap)) return 'files must be an object';
  const entries = Object.entries(fileMap);
  if (entries.length > relayLimits.maxFiles) return `files may carry at most ${relayLimits.maxFiles}`;
  if (!entries.every(([id, path]) => isText(id) && isText(path) && path.startsWith('/'))) return 'files must map ids to absolute paths';
  return {
    t: 'ask',
    id: value.id,
    kind: kind as ConsolePendingKind,
    app,
    agent: readAgent,
    agentKey,
    fields,
    deadline,
    files: fileMap as Record<string, string>,
  };
}

/** Reads a message of the console, or a sentence saying what is wrong with it. */
export function readConsoleMessage(value: unknown): RelayConsoleMessage | string {
  if (!isObject(value)) return 'a message must be a JSON object';
  if (value.t === 'hello')
    return isText(value.url) && /^http:\/\/127\.0\.0\.1:\d+\/$/.test(value.url) ? { t: 'hello', url: value.url } : 'hello needs the console’s url';
  if (!isId(value.id)) return 'id must be a non-negative integer';
  if (value.t === 'answer') return { t: 'answer', id: value.id, answer: value.answer };
  if (value.t === 'ended') return { t: 'ended', id: value.id };
  return `unknown message type ${JSON.stringify(value.t)}`;
}

function relayAgent(value: unknown): RelayAgent | undefined {
  if (!isObject(value)) return undefined;
  const text = (field: unknown) => field === null || field === undefined || isText(field);
  if (!text(value.name) || !text(value.version) || !text(value.via)) return undefined;
  return {
    name: (value.name as string | undefined) ?? null,
    version: (value.version as string | undefined) ?? null,
    via: (value.via as string | undefined) ?? null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= relayLimits.maxTextLength;
}
