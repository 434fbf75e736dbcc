import { unprovidedScopeWarnings } from './unprovided-scope-warnings.js';
import type { Readable, Writable } from 'node:stream';
import { createConsentState, newRunId, serveStdioCallPath, type StdioCallPath, type StdioEnd } from '@xcap/mcp';
import type { ConsentUi } from '@xcap/call';
import { LogLimiter, resolvesWithin } from '@xcap/wire';
import { hostConsentUi } from '../consent/host-consent-ui.js';
import { consentWaitWords } from '../consent/consent-wait-words.js';
import type { ConsentMode } from '../consent/consent-mode.js';
import { startNodeHost } from '../create-node-host.js';
import type { NodeHost } from '../node-host.js';
import type { NodeHostOptions } from '../node-host-options.js';
import { openingCallPath } from './opening-call-path.js';
import { terminalText } from '../terminal-text.js';
import { hostNodeVersion } from './host-node-version.js';

/** What `serveStdio` takes: the host's options, the consent mode, the bounds and (for tests) the streams. */
export interface ServeStdioOptions extends Omit<NodeHostOptions, 'consent'> {
  /** How a foreground `ask` is put to the person (default `dismiss`); ignored in the background. */
  readonly consent?: ConsentMode;
  /** The consent UI of mode `console` (`consoleConsentUi`), or a host's own: asked in the foreground instead of the mode's. */
  readonly consentUi?: ConsentUi;
  /**
   * Called first when `close()` starts (SIGINT, SIGTERM): ends whatever a call waits for in the foreground (the
   * console's pending requests dismiss and cancel at once), so those calls answer, and are audited, within the grace period.
   */
  readonly stopWaiting?: () => void;
  /** The run id of this connection (default a fresh `newRunId()`). */
  readonly clientId?: string;
  /** The protocol's input (default `process.stdin`). */
  readonly stdin?: Readable;
  /** The protocol's output (default `process.stdout`). */
  readonly stdout?: Writable;
  /** Where the start line and notices go (default standard error); never the protocol's stream. */
  readonly log?: (line: string) => void;
  /** How long `close()` (SIGINT, SIGTERM) waits for the calls in flight to answer before it stops the provider commands, in milliseconds (default 10,000). */
  readonly closeGraceMs?: number;
  /** The longest input message in bytes (default 16 MiB); a longer line is discarded with one log line. */
  readonly maxMessageBytes?: number;
  /** Requests in flight before reading stdin pauses (default 64). */
  readonly maxInFlight?: number;
}

/** A running `xcap serve`. */
export interface StdioServe {
  /** The host behind it. */
  readonly host: NodeHost;
  /** This connection's run id (the audit rows' `clientId`). */
  readonly clientId: string;
  /** The served connection (era, transport bounds). */
  readonly served: StdioCallPath;
  /** Settles when the connection ended (stdin ended and every call answered, a failed stdout, `close()`) and the host is closed: why, and the exit code it stands for (1 also when audit rows were lost: neither the log nor the spill file kept them). */
  readonly closed: Promise<StdioEnd>;
  /**
   * Stops reading requests and lets the calls in flight answer for up to
   * `closeGraceMs`; a call still running then has its provider commands
   * (`lp`, `notify-send`) stopped, so it ends with its defined outcome, is
   * audited and answered; then the connection and the host are closed.
   */
  close(): Promise<void>;
}

/** How long after the start the stores open when no answer was written and no call needed them yet. */
const storesWaitMs = 1_000;

/** How long `close()` waits for the calls to answer after their commands were stopped. */
const afterStopMs = 1_500;

/**
 * `xcap serve`: starts the Node host and serves its call path over stdio
 * with `@xcap/mcp` (`serveStdioCallPath`: both protocol eras, bounded
 * input, every tools/call answered and audited once). Prints one line to
 * `log` (standard error) at the start naming the app, the run id, the data
 * directory, the provided capabilities and the consent mode. `--consent
 * elicit` asks in the agent's client (legacy: `elicitation/create`;
 * modern: `input_required`, a single-use state whose nonce is kept in the
 * host's `consentNonces`), `prompt` on the terminal. When the connection
 * ends the host is closed (pending audit rows written, the SQLite log
 * closed). The connection is served as soon as the manifest is checked and
 * the providers are built (`startNodeHost`): `server/discover`,
 * `initialize` and `tools/list` are answered while the stores open;
 * a tools/call waits for them. A store that cannot open rejects with its
 * error (the connection closed, no tools/call answered).
 */
export async function serveStdio(options: ServeStdioOptions): Promise<StdioServe> {
  const target = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // Every line through terminalText (it quotes names, paths and error text from outside).
  const log = (line: string) => target(terminalText(line));
  // The connection's notices repeat with the agent's input (oversized lines, refused calls' rows): at most a burst, then 2 a second.
  const limiter = new LogLimiter();
  const foreground = options.foreground ?? false;
  const mode = options.consent ?? 'dismiss';
  const consent = await hostConsentUi(foreground, mode, options.consentUi);
  const {
    consent: _mode,
    consentUi: _ui,
    stopWaiting,
    clientId: _clientId,
    stdin,
    stdout,
    log: _log,
    closeGraceMs = 10_000,
    maxMessageBytes,
    maxInFlight,
    ...hostOptions
  } = options;
  // The transport starts as soon as what is served is known: server/discover, initialize and tools/list need no store.
  // The stores (their modules, better-sqlite3, the files) open once the first answer is written, or a call needs them,
  // or storesWaitMs after the start: loading and opening them never delays that answer.
  let openStores: () => void = () => undefined;
  const storesMayOpen = new Promise<void>((resolve) => (openStores = resolve));
  const storesTimer = setTimeout(openStores, storesWaitMs);
  storesTimer.unref();
  const starting = await startNodeHost({
    ...hostOptions,
    openStoresAfter: hostOptions.openStoresAfter ?? storesMayOpen,
    consent,
    // One line when the audit log stops taking rows and one when it takes them again (not one per row), spill and replay notices.
    auditLog: options.auditLog ?? log,
  });
  const opening = openingCallPath(starting, openStores);
  const clientId = options.clientId ?? newRunId();
  const served = serveStdioCallPath({
    callPath: opening.callPath,
    serverInfo: { name: 'xcap', version: hostNodeVersion },
    clientId,
    foreground,
    consent: foreground && mode === 'elicit' ? 'client' : 'host',
    // A key per start; each state answered once, its nonce kept in the host's store.
    consentState: createConsentState({ nonces: opening.consentNonces }),
    log: (line) => limiter.write('xcap serve: connection', `xcap serve: ${line}`, log),
    ...(stdin === undefined ? {} : { input: stdin }),
    ...(stdout === undefined ? {} : { output: stdout }),
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
  });
  void served.transport.firstWrite.then(openStores);
  void storesMayOpen.then(() => clearTimeout(storesTimer));
  // The start line before the first answer (what is served is known): a client reading the run id from it finds it there.
  const consentWord = foreground
    ? `foreground, consent ${mode}${mode === 'dismiss' ? '' : ` (${consentWaitWords(options.consentWaitMs, options.consentTimeoutMs)})`}`
    : 'background (undecided scopes answer consentNeeded)';
  log(`xcap serve: app ${starting.app.id}, run ${clientId}, data ${starting.paths.dir}, provides ${starting.provided.join(', ') || 'nothing'}, ${consentWord}`);
  for (const line of unprovidedScopeWarnings(starting.app, starting.provided)) log(line);
  let host: NodeHost;
  try {
    host = await starting.ready;
  } catch (error) {
    // A store that cannot open fails the start: no tools/call was answered (they wait for the stores), none will be.
    limiter.flush();
    await served.close();
    throw error;
  }
  const closed = served.ended.then(async (end): Promise<StdioEnd> => {
    limiter.flush();
    const audit = await host.close();
    // Rows neither the audit log nor the spill file could keep: the run ends non-zero (the host already logged why).
    if (audit.lost > 0) return { reason: end.reason, exitCode: 1, message: `${audit.lost} audit row(s) were lost: ${audit.error ?? 'unknown error'}` };
    return end;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      stopWaiting?.();
      served.stopReading();
      if (!(await resolvesWithin(served.idle(), closeGraceMs))) {
        const stopped = host.stopCommands();
        log(`xcap serve: ${served.running()} call(s) still running after ${closeGraceMs} ms; stopped ${stopped} provider command(s)`);
        await resolvesWithin(served.idle(), afterStopMs);
      }
      await served.close();
      await closed;
    })());
  return { host, clientId, served, closed, close };
}
