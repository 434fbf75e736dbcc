import type { AgentLabel, JsonObject, NativeContext } from '@xcap/catalog';
import { maxTimerDelay } from '@xcap/wire';

/**
 * A host's native provider for one call: takes the native arguments and the
 * call's `NativeContext` (when the host stops waiting), answers (or resolves
 * to) a native result. A native may ignore the context.
 */
export type NativeProvider = (nativeArguments: JsonObject, context: NativeContext) => unknown;

/** How a native call ended: its raw answer, or the outcome that replaced it. */
export type NativeCallEnd = { readonly answered: true; readonly answer: unknown } | { readonly answered: false; readonly outcome: 'rpcError' | 'timeout' };

/** How long `bridgeCall` waits for a native by default. */
export const defaultTimeoutMs = 30_000;

/** When and how `callNative` stops waiting besides its timeout. */
export interface CallNativeOptions {
  /** The call's own signal (the client cancelled or went away): the native's context aborts with it. */
  readonly signal?: AbortSignal;
  /** The host's clock in ms since the epoch, for the context's `deadline` (default `Date.now`). */
  readonly now?: () => number;
  /** Who called, for the context's `agent` (default `null`: the app's UI). */
  readonly agent?: AgentLabel | null;
  /** The caller's audit clientId, for the context's `client` (default `null`: the app's UI). */
  readonly client?: string | null;
  /** The context's `answered`: aborted by the caller once it is done with the answer (`bridgeCall` gives it). */
  readonly answered?: AbortSignal;
}

/**
 * Calls the native once with its context and waits at most `timeoutMs` for
 * its answer. The context's signal aborts when the timeout passes and when
 * `options.signal` aborts; its deadline is the clock + the timeout
 * (`Infinity` for `timeoutMs` Infinity); its `agent` and `client` are the
 * options' (`null` when absent). A cancelled call still waits for
 * the native's answer (within the timeout): a native that honours the
 * signal answers at once, and the audit records what it did. A throw or a
 * rejection becomes `rpcError`, no answer in time `timeout`; an answer that
 * arrives later is ignored. Never throws.
 */
export async function callNative(
  native: NativeProvider,
  nativeArguments: JsonObject,
  timeoutMs: number,
  options: CallNativeOptions = {},
): Promise<NativeCallEnd> {
  const controller = new AbortController();
  const delay = timeoutMs === Infinity ? Infinity : Number.isFinite(timeoutMs) && timeoutMs >= 0 ? Math.min(timeoutMs, maxTimerDelay) : defaultTimeoutMs;
  const context: NativeContext = {
    signal: controller.signal,
    deadline: delay === Infinity ? Infinity : startOf(options.now) + delay,
    agent: options.agent ?? null,
    client: options.client ?? null,
    ...(options.answered === undefined ? {} : { answered: options.answered }),
  };
  const stop = () => controller.abort(new DOMException('the call was cancelled', 'AbortError'));
  const callSignal = options.signal;
  if (callSignal?.aborted === true) stop();
  else callSignal?.addEventListener('abort', stop, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<NativeCallEnd>((resolve) => {
    if (delay === Infinity) return;
    timer = setTimeout(() => {
      controller.abort(new DOMException('the native timed out', 'TimeoutError'));
      resolve({ answered: false, outcome: 'timeout' });
    }, delay);
  });
  const answer = Promise.resolve()
    .then(() => native(nativeArguments, context))
    .then(
      (value): NativeCallEnd => ({ answered: true, answer: value }),
      (): NativeCallEnd => ({ answered: false, outcome: 'rpcError' }),
    );
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    clearTimeout(timer);
    callSignal?.removeEventListener('abort', stop);
  }
}

/** The clock's time in ms; a clock that throws or answers no finite number counts as `Date.now()`. */
function startOf(now: (() => number) | undefined): number {
  try {
    const value = now === undefined ? Date.now() : now();
    return Number.isFinite(value) ? value : Date.now();
  } catch {
    return Date.now();
  }
}
