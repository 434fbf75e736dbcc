import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { ConsentUi } from '@xcap/call';
import { dismissConsent } from '../consent/dismiss-consent.js';
import { elicitConsent } from '../consent/elicit-consent.js';
import type { ConsentMode } from '../consent/consent-mode.js';
import { ttyConsent } from '../consent/tty-consent.js';
import { createNodeHost, type NodeHost, type NodeHostOptions } from '../create-node-host.js';
import { hostNodeVersion } from './host-node-version.js';
import { newRunId } from './run-id.js';
import { serveCallPath } from './serve-call-path.js';
import { ToolsCallInput } from './tools-call-input.js';

/** What `serveStdio` takes: the host's options, the consent mode and (for tests) the streams. */
export interface ServeStdioOptions extends Omit<NodeHostOptions, 'consent'> {
  /** How a foreground `ask` is put to the person (default `dismiss`); ignored in the background. */
  readonly consent?: ConsentMode;
  /** The run id of this connection (default a fresh `newRunId()`). */
  readonly clientId?: string;
  /** The protocol's input (default `process.stdin`). */
  readonly stdin?: Readable;
  /** The protocol's output (default `process.stdout`). */
  readonly stdout?: Writable;
  /** Where the start line and errors go (default standard error); never the protocol's stream. */
  readonly log?: (line: string) => void;
  /** How long `close()` (SIGINT, SIGTERM) waits for the calls in flight to answer, in milliseconds (default 10,000). */
  readonly closeGraceMs?: number;
}

/** A running `xcap serve`. */
export interface StdioServe {
  /** The MCP server. */
  readonly server: Server;
  /** The host behind it. */
  readonly host: NodeHost;
  /** This connection's run id (the audit rows' `clientId`). */
  readonly clientId: string;
  /** Settles when the client disconnects (stdin ends) and the host is closed. */
  readonly closed: Promise<void>;
  /** Stops reading requests, lets the calls in flight answer (up to `closeGraceMs`), then closes the connection and the host. */
  close(): Promise<void>;
}

/**
 * `xcap serve`: opens the Node host, mounts its call path on the MCP SDK's
 * low-level `Server` (`serveCallPath`) and serves it over stdio as one agent
 * run. Prints one line to `log` (standard error) at the start naming the
 * app, the run id, the data directory, the provided capabilities and the
 * consent mode. When stdin ends the host is closed (pending audit rows
 * written, the SQLite log closed). Each input line passes through
 * `repairToolsCallLine`: a tools/call request the SDK's transport would
 * drop (`params` not an object, an unreadable `_meta`, …) is still answered
 * and audited.
 */
export async function serveStdio(options: ServeStdioOptions): Promise<StdioServe> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const server = new Server({ name: 'xcap', version: hostNodeVersion }, { capabilities: { tools: {} } });
  const foreground = options.foreground ?? false;
  const mode = options.consent ?? 'dismiss';
  const consent: ConsentUi = !foreground || mode === 'dismiss' ? dismissConsent : mode === 'prompt' ? ttyConsent() : elicitConsent(server);
  const { consent: _mode, clientId: _clientId, stdin, stdout, log: _log, closeGraceMs = 10_000, ...hostOptions } = options;
  const host = await createNodeHost({
    ...hostOptions,
    consent,
    onAuditError: options.onAuditError ?? ((error) => log(`xcap serve: audit write failed, row queued: ${error instanceof Error ? error.message : String(error)}`)),
  });
  const clientId = options.clientId ?? newRunId();
  try {
    const served = serveCallPath(server, host.callPath, { clientId, foreground });
    let closedResolve: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (closedResolve = resolve));
    server.onclose = () => void served.idle().then(() => host.close()).then(closedResolve, closedResolve);
    const input = stdin ?? process.stdin;
    // Lines pass through ToolsCallInput, so a tools/call the SDK's transport would drop unanswered reaches the call path too.
    const lines = input.pipe(new ToolsCallInput());
    await server.connect(new StdioServerTransport(lines, stdout));
    lines.once('end', () => void served.idle().then(() => server.close()));
    const consentWord = foreground ? `foreground, consent ${mode}` : 'background (undecided scopes answer consentNeeded)';
    log(`xcap serve: app ${host.app.id}, run ${clientId}, data ${host.paths.dir}, provides ${host.provided.join(', ') || 'nothing'}, ${consentWord}`);
    return {
      server,
      host,
      clientId,
      closed,
      close: async () => {
        input.unpipe(lines);
        input.pause();
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([served.idle(), new Promise((resolve) => (timer = setTimeout(resolve, closeGraceMs)))]);
        clearTimeout(timer);
        await server.close();
        await closed;
      },
    };
  } catch (error) {
    await host.close();
    throw error;
  }
}
