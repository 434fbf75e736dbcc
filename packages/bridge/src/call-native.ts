import type { JsonObject } from '@xcap/catalog';
import { maxTimerDelay } from '@xcap/wire';

/** A host's native provider for one call: takes the native arguments, answers (or resolves to) a native result. */
export type NativeProvider = (nativeArguments: JsonObject) => unknown;

/** How a native call ended: its raw answer, or the outcome that replaced it. */
export type NativeCallEnd = { readonly answered: true; readonly answer: unknown } | { readonly answered: false; readonly outcome: 'rpcError' | 'timeout' };

/** How long `bridgeCall` waits for a native by default. */
export const defaultTimeoutMs = 30_000;

/**
 * Calls the native once and waits at most `timeoutMs` for its answer. A
 * throw or a rejection becomes `rpcError`, no answer in time `timeout`; an
 * answer that arrives later is ignored. Never throws.
 */
export async function callNative(native: NativeProvider, nativeArguments: JsonObject, timeoutMs: number): Promise<NativeCallEnd> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<NativeCallEnd>((resolve) => {
    if (timeoutMs === Infinity) return;
    const delay = Number.isFinite(timeoutMs) && timeoutMs >= 0 ? Math.min(timeoutMs, maxTimerDelay) : defaultTimeoutMs;
    timer = setTimeout(() => resolve({ answered: false, outcome: 'timeout' }), delay);
  });
  const answer = Promise.resolve()
    .then(() => native(nativeArguments))
    .then(
      (value): NativeCallEnd => ({ answered: true, answer: value }),
      (): NativeCallEnd => ({ answered: false, outcome: 'rpcError' }),
    );
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
