import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { CallPath } from '@xcap/call';
import type { ConsentState } from './consent-state.js';
import { LineTransport, type LineTransportEnd } from './line-transport.js';
import { mountCallPath, type McpConsent, type McpEra, type MountedCallPath } from './mount-call-path.js';
import { auditRefused } from './audit-refused.js';
import type { RefusalAudit } from './refusal-audit.js';
import { RefusedCallWatch } from './refused-call-watch.js';
import { newRunId } from './run-id.js';
import { resolvesWithin } from '@xcap/wire';

/** How long the calls in flight may still run after the end of input by default: one second. */
export const defaultInputEndGraceMs = 1_000;

/** Options of `serveStdioCallPath`. */
export interface StdioCallPathOptions {
  /** The call path served. */
  readonly callPath: CallPath;
  /** The server's name and version in `initialize` / `server/discover`. */
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** The protocol's input (default `process.stdin`). */
  readonly input?: Readable;
  /** The protocol's output (default `process.stdout`). */
  readonly output?: Writable;
  /** The run id audited as `clientId` for every call of this connection (default a fresh `newRunId()`). */
  readonly clientId?: string;
  /** Whether a person is present (default `false`). */
  readonly foreground?: boolean;
  /** Who asks for an undecided scope (default `host`; see `mountCallPath`). */
  readonly consent?: McpConsent;
  /** Signs the modern era's consent questions (default one per call of this function: a key per server start). */
  readonly consentState?: ConsentState;
  /** The longest input message in bytes (default 16 MiB). */
  readonly maxMessageBytes?: number;
  /** Requests in flight before reading pauses (default 64). */
  readonly maxInFlight?: number;
  /** How often a waiting tools/call with a `progressToken` sends `notifications/progress`, in milliseconds (see `mountCallPath`; default 10,000). */
  readonly progressIntervalMs?: number;
  /**
   * How long the calls in flight may still run once the input ended, in
   * milliseconds (0–60,000, default 1,000): those still running then are
   * cancelled (`MountedCallPath.cancel`: a call waiting on a person ends
   * dismissed, with its row), so a client that closed stdin never holds the
   * process on a sheet. Out of range throws a `RangeError`.
   */
  readonly inputEndGraceMs?: number;
  /** One-line notices (a discarded line, a closed output, an unexpected close), without a trailing newline. */
  readonly log?: (line: string) => void;
}

/** How a stdio connection ended. */
export interface StdioEnd {
  /** Why: the input ended, the output or input failed, the owner closed it, or the SDK closed the connection. */
  readonly reason: LineTransportEnd | 'sdk-closed';
  /** The exit code this stands for: 0 for an ended input or the owner's close, 1 otherwise. */
  readonly exitCode: 0 | 1;
  /** One line for a person: what happened, when the exit code is 1. */
  readonly message?: string;
}

/** A served stdio connection (`serveStdioCallPath`). */
export interface StdioCallPath {
  /** This connection's run id. */
  readonly clientId: string;
  /** The era the connection settled on (`undefined` before the first request). */
  era(): McpEra | undefined;
  /** The transport (bounds, in-flight count). */
  readonly transport: LineTransport;
  /** tools/call requests running now. */
  running(): number;
  /** Settles when the connection is over and every call that reached the call path was answered (or could not be). */
  readonly ended: Promise<StdioEnd>;
  /** Stops reading new requests; the calls in flight still answer. */
  stopReading(): void;
  /** Settles once no tools/call is running. */
  idle(): Promise<void>;
  /** Closes the connection now (calls still running are not answered). */
  close(): Promise<void>;
}

/**
 * Serves a call path over MCP's stdio binding, both eras (the SDK's
 * `serveStdio`: the opening message pins the connection to the 2025 era,
 * `initialize`, or the 2026-07-28 one), through a bounded `LineTransport`.
 * Every tools/call is answered before the connection closes: at the end
 * of input it waits for the calls in flight — up to `inputEndGraceMs`,
 * then it cancels those still running (a call waiting on a consent sheet or
 * a picker ends at once, answered and audited) — then closes (`ended`:
 * `input-ended`, exit code 0). A failed output (the client closed its end)
 * ends it at once (`output-failed`, exit code 1, with a one-line
 * `message`); so does a close the SDK makes on its own (`sdk-closed`) — it
 * never lingers mute.
 */
export function serveStdioCallPath(options: StdioCallPathOptions): StdioCallPath {
  const log = options.log ?? (() => undefined);
  const clientId = options.clientId ?? newRunId();
  const foreground = options.foreground ?? false;
  const inputEndGraceMs = options.inputEndGraceMs ?? defaultInputEndGraceMs;
  if (!(Number.isSafeInteger(inputEndGraceMs) && inputEndGraceMs >= 0 && inputEndGraceMs <= 60_000))
    throw new RangeError(`serveStdioCallPath: inputEndGraceMs must be an integer from 0 to 60000, got ${String(inputEndGraceMs)}`);
  const watch = new RefusedCallWatch({
    audit: (call) => auditRefused({ callPath: options.callPath, clientId, foreground }, call),
    onerror: (error) => log(`the row of a tools/call request the MCP SDK refused could not be written: ${error.message}`),
  });
  const transport = new LineTransport(options.input ?? process.stdin, options.output ?? process.stdout, {
    log,
    watch,
    ...(options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes }),
    ...(options.maxInFlight === undefined ? {} : { maxInFlight: options.maxInFlight }),
  });
  // The rows of refused requests go through options.callPath (the watch's audit): the mount only reports what its handler received.
  const refusals: RefusalAudit = { mounted: () => undefined, reached: (id) => watch.reached(id) };
  let mounted: MountedCallPath | undefined;
  let era: McpEra | undefined;
  let ownerClosing = false;
  let settle: (end: StdioEnd) => void = () => undefined;
  const ended = new Promise<StdioEnd>((resolve) => (settle = resolve));
  const idle = async (): Promise<void> => {
    await mounted?.idle();
    await watch.idle();
  };
  const handle = serveStdio(
    ({ era: served }) => {
      era = served;
      const server = new Server(options.serverInfo, { capabilities: { tools: {} } });
      mounted = mountCallPath(server, options.callPath, {
        era: served,
        clientId,
        foreground,
        consent: options.consent ?? 'host',
        ...(options.consentState === undefined ? {} : { consentState: options.consentState }),
        ...(options.progressIntervalMs === undefined ? {} : { progressIntervalMs: options.progressIntervalMs }),
        refusals,
      });
      return server;
    },
    { transport },
  );
  const close = async (): Promise<void> => {
    ownerClosing = true;
    await handle.close();
  };
  void transport.ended.then(async (why) => {
    if (why === 'input-ended') {
      // The client closed stdin: what still waits (on a person, most likely) after the grace is cancelled.
      if (!(await resolvesWithin(idle(), inputEndGraceMs))) mounted?.cancel();
      await idle();
      await close();
      settle({ reason: 'input-ended', exitCode: 0 });
    } else if (why === 'closed') {
      settle(
        ownerClosing
          ? { reason: 'closed', exitCode: 0 }
          : { reason: 'sdk-closed', exitCode: 1, message: 'the MCP SDK closed the connection; no further requests can be served' },
      );
    } else {
      await close();
      const message =
        why === 'output-failed'
          ? `the client closed the output (${transport.outputFailure ?? 'write failed'}); answers still due could not be written`
          : 'the input failed; no further requests can be read';
      settle({ reason: why, exitCode: 1, message });
    }
  });
  return {
    clientId,
    era: () => era,
    transport,
    running: () => mounted?.running ?? 0,
    ended,
    stopReading: () => transport.stopReading(),
    idle,
    close,
  };
}
