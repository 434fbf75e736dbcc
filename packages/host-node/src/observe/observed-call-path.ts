import type { CallPath, ConsentUi } from '@xcap/call';
import type { ConsentAskedIn, HostObserver, ObservedCall, ObservedConsentAnswer } from './host-observer.js';

/** Runs an observer's method; its errors change nothing. */
function tell(run: () => void): void {
  try {
    run();
  } catch {
    // An observer never fails a call.
  }
}

const replies: ReadonlySet<unknown> = new Set(['allowOnce', 'allow', 'deny', 'dismiss']);

/**
 * `ui` telling `observer.consentEnded` how each sheet ended and how long the
 * person took: the UI's answer, or `timeout`/`cancelled` when the sheet's
 * signal aborted first (at its deadline, or when no call waits any more).
 * Told once per sheet; the answer the call path gets is the UI's own.
 */
export function observedConsentUi(ui: ConsentUi, askedIn: ConsentAskedIn, observer: HostObserver): ConsentUi {
  return async (request) => {
    const started = performance.now();
    let told = false;
    const end = (answer: ObservedConsentAnswer) => {
      if (told) return;
      told = true;
      request.signal.removeEventListener('abort', aborted);
      tell(() => observer.consentEnded?.({ askedIn, answer, seconds: (performance.now() - started) / 1000 }));
    };
    const aborted = () => end((request.signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError' ? 'timeout' : 'cancelled');
    if (request.signal.aborted) aborted();
    else request.signal.addEventListener('abort', aborted, { once: true });
    try {
      const answer = await ui(request);
      if (request.signal.aborted) aborted();
      else end(replies.has(answer) ? answer : 'dismiss');
      return answer;
    } catch (error) {
      end('dismiss');
      throw error;
    }
  };
}

/**
 * `callPath` telling `observer` of every call: `callStarted` when it comes
 * in, `callEnded` with its audit row's tool and status and its duration when
 * it is answered (`undefined` for a request `CallPath.call` threw on: a
 * malformed request, which has no row); a request's own consent UI (the agent's client, asked by
 * elicitation) is observed as `client`. Everything else is the call path's.
 */
export function observedCallPath(callPath: CallPath, observer: HostObserver): CallPath {
  return {
    ...callPath,
    call: async (request) => {
      const started = performance.now();
      tell(() => observer.callStarted?.());
      let ended: ObservedCall | undefined;
      try {
        const observed = typeof request.consent !== 'function' ? request : { ...request, consent: observedConsentUi(request.consent, 'client', observer) };
        const answer = await callPath.call(observed);
        ended = { tool: answer.audit.tool, status: answer.audit.status, seconds: (performance.now() - started) / 1000 };
        return answer;
      } finally {
        tell(() => observer.callEnded?.(ended));
      }
    },
  };
}
