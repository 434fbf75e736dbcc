import { randomBytes } from 'node:crypto';
import type { AgentLabel, AppContext, CallResult, Catalog, JsonObject, Outcome, PdfTable } from '@xcap/catalog';
import type { BlobStore } from './blob-store.js';
import { bridgeReasons } from './bridge-reasons.js';
import { callFailure } from './call-failure.js';
import { callNative, defaultTimeoutMs } from './call-native.js';
import type { NativeProvider } from './call-native.js';
import { callSuccess } from './call-success.js';
import { checkNativeResult } from './check-native-result.js';
import { findTool } from './find-tool.js';
import { mapNativeArguments } from './map-native-arguments.js';
import { runPrintPdf } from './run-print-pdf.js';
import { storeResultFiles } from './store-result-files.js';
import { validateArguments } from './validate-arguments.js';

/** What one bridged call needs. */
export interface BridgeCallInput {
  readonly catalog: Catalog;
  /** The tool's UI name (`photos_pick`); the broker has already parsed and allowed the call. */
  readonly tool: string;
  /** The arguments as received; `undefined` counts as `{}`. */
  readonly arguments: unknown;
  /** The app the call runs for and its screens. */
  readonly context: AppContext;
  /** The host's app-file store. */
  readonly blobs: BlobStore;
  /** The host's native provider for this call; absent = none is connected (outcome `unreachable`). */
  readonly native?: NativeProvider;
  /** How long to wait for the native (default 30000; `Infinity` waits for ever). */
  readonly timeoutMs?: number;
  /** 32 lowercase hex digits from a CSPRNG (default `node:crypto` randomBytes(16)); for generated notification ids. */
  readonly randomHex?: () => string;
  /** The PDF layout table for print_pdf (default `catalog.pdf`). */
  readonly pdfTable?: PdfTable;
  /** The call's signal (the client cancelled or went away): the native's `NativeContext` signal aborts with it. */
  readonly signal?: AbortSignal;
  /** The host's clock in ms since the epoch, for the native's `deadline` (default `Date.now`). */
  readonly now?: () => number;
  /** Who called, for the native's `NativeContext.agent` (default `null`: the app's UI). */
  readonly agent?: AgentLabel | null;
  /** The caller's audit clientId, for the native's `NativeContext.client` (default `null`: the app's UI). */
  readonly client?: string | null;
}

/** How a bridged call ended: the MCP result the caller gets, and the outcome the audit row records. */
export interface BridgeCallEnd {
  readonly result: CallResult;
  readonly outcome: Outcome;
}

/**
 * Runs one allowed call through the bridge: (0) a tool without a v1 entry
 * answers `unavailable`; (1) validate the arguments; (2) map them to the
 * native's (reading app files); (3) call the native and check its answer;
 * (4) store every returned file. The native gets a `NativeContext`
 * (aborted at the timeout or when `input.signal` aborts; naming
 * `input.agent` and `input.client`) whose `answered`
 * aborts once the call is answered — its answer checked and its files
 * stored, or the call ended without it — so a native holding its answer's
 * bytes against a budget lets go of them only then. `runs: engine` tools (print_pdf) are
 * answered here without a native. Never throws: every failure is an
 * outcome with an isError result.
 */
export async function bridgeCall(input: BridgeCallInput): Promise<BridgeCallEnd> {
  const answered = new AbortController();
  try {
    return await run(input, answered.signal);
  } catch {
    return failed(bridgeReasons.internalError, 'isError');
  } finally {
    answered.abort(new DOMException('the call was answered', 'AbortError'));
  }
}

async function run(input: BridgeCallInput, answered: AbortSignal): Promise<BridgeCallEnd> {
  const { catalog, tool, context, blobs } = input;
  const def = findTool(catalog, tool);
  if (def === undefined) return failed('unavailable', 'isError');

  // validateArguments finds the same entry, so its only error here is `invalidParams: …`.
  const validated = validateArguments(catalog, tool, input.arguments);
  if (validated.error !== undefined) return failed(validated.error, 'invalidParams');
  const args = validated.arguments;

  if (def.runs === 'engine') {
    if (tool !== 'print_pdf') return failed('unavailable', 'isError');
    const printed = await runPrintPdf({ arguments: args, app: context.app, blobs, pdfTable: input.pdfTable ?? catalog.pdf });
    return printed.ok ? succeeded(printed.structuredContent) : failed(printed.reason, 'isError');
  }

  const mapping = await mapNativeArguments({
    catalog,
    tool,
    arguments: args,
    context,
    blobs,
    randomHex: input.randomHex ?? defaultRandomHex,
  });
  if (!mapping.ok) return failed(mapping.reason, mapping.outcome);

  if (typeof input.native !== 'function') return failed(bridgeReasons.unreachable, 'unreachable');
  const end = await callNative(input.native, mapping.nativeArguments, input.timeoutMs ?? defaultTimeoutMs, {
    ...(input.signal === undefined ? {} : { signal: input.signal }),
    ...(input.now === undefined ? {} : { now: input.now }),
    ...(input.agent === undefined ? {} : { agent: input.agent }),
    ...(input.client === undefined ? {} : { client: input.client }),
    answered,
  });
  if (!end.answered) return failed(bridgeReasons[end.outcome], end.outcome);

  const checked = checkNativeResult(def.nativeOutputSchema, end.answer);
  if (!checked.ok) return failed(checked.reason, 'isError');
  if (mapping.answer !== undefined) return succeeded(mapping.answer);

  const stored = await storeResultFiles(catalog, blobs, context.app, checked.structuredContent);
  return stored.ok ? succeeded(stored.structuredContent) : failed(stored.reason, 'isError');
}

function succeeded(structuredContent: JsonObject): BridgeCallEnd {
  return { result: callSuccess(structuredContent), outcome: 'ok' };
}

function failed(reason: string, outcome: Outcome): BridgeCallEnd {
  return { result: callFailure(reason), outcome };
}

function defaultRandomHex(): string {
  return randomBytes(16).toString('hex');
}
