import { unprovidedScopeWarnings } from './unprovided-scope-warnings.js';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/server';
import type { ConsentUi } from '@xcap/call';
import { createConsentState, createHttpHandler, mountCallPath, type XcapHttpHandler } from '@xcap/mcp';
import { allowedHostHeaders, ConnectionGuard, fetchListener, urlAuthority } from '@xcap/mcp/node';
import type { TokenStore } from '@xcap/tokens';
import { LogLimiter, realTimers, type Timers } from '@xcap/wire';
import { hostConsentUi } from '../consent/host-consent-ui.js';
import { consentWaitWords } from '../consent/consent-wait-words.js';
import type { ConsentMode } from '../consent/consent-mode.js';
import { createNodeHost } from '../create-node-host.js';
import type { NodeHost } from '../node-host.js';
import type { NodeHostOptions } from '../node-host-options.js';
import { type AuditCloseReport, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import type { HttpLimits } from './http-limits.js';
import type { ServeOAuthOptions } from './serve-oauth-options.js';
import { terminalText } from '../terminal-text.js';
import { hostNodeVersion } from './host-node-version.js';
import { checkHttpOptions } from './check-http-options.js';

/** What `serveHttp` takes: the host's options, where to listen, the tokens and the limits. */
export interface ServeHttpOptions extends Omit<NodeHostOptions, 'consent'> {
  /** `[host:]port` (`8080`, `127.0.0.1:0`, `[::1]:8080`); the host defaults to `127.0.0.1`, port 0 picks a free one. */
  readonly listen: string;
  /** Allow binding an address that is not loopback (a warning is logged). Without it such an address is refused. */
  readonly allowRemote?: boolean;
  /** How a foreground `ask` is put to the person (default `dismiss`); ignored in the background. */
  readonly consent?: ConsentMode;
  /** The consent UI of mode `console` (`consoleConsentUi`), or a host's own: asked in the foreground instead of the mode's. */
  readonly consentUi?: ConsentUi;
  /**
   * Called first when `close()` starts (SIGINT, SIGTERM): ends whatever a call waits for in the foreground (the
   * console's pending requests dismiss and cancel at once), so those calls answer, and are audited, within the grace period.
   */
  readonly stopWaiting?: () => void;
  /** Where bearer tokens are verified (default `tokens.json` in the data directory, a `FileTokenStore`). */
  readonly tokens?: TokenStore;
  /** The HTTP limits. */
  readonly limits?: HttpLimits;
  /** Where the start line, warnings and errors go (default standard error). */
  readonly log?: (line: string) => void;
  /** How long `close()` waits for requests in flight, in milliseconds (default 10,000). */
  readonly closeGraceMs?: number;
  /** The clock and timers of `close()`'s wait for requests in flight and of the handler's queue wait (default `realTimers` of `@xcap/wire`). */
  readonly timers?: Timers;
  /**
   * The HMAC key (at least 32 bytes) signing the modern era's consent
   * `requestState`. Default: drawn at start, so only this process can
   * verify its questions; hosts behind one load balancer share one
   * (`xcap serve --store` uses the database's `sharedKey('consent-state')`),
   * so the answer may reach any of them; each state is answered once, its
   * nonce kept in the host's `consentNonces` (give them one shared store).
   */
  readonly consentKey?: Uint8Array;
  /** More `Host` header values to answer besides the bound address's (`host` or `host:port`): the name a load balancer in front sends, e.g. `xcap.example.com`. */
  readonly allowedHosts?: readonly string[];
  /** `Origin` host names served besides loopback ones (`app.example.com`): a browser page there may call (CORS); any other `Origin` gets 403. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Be an OAuth 2.1 resource server too (MCP authorization): serve the
   * Protected Resource Metadata and admit the issuers' JWT access tokens,
   * audited as `oauth:<client>@<issuer>`. The resource's host is answered as a
   * `Host` besides the bound address's.
   */
  readonly oauth?: ServeOAuthOptions;
}

/** A running `xcap serve --http`. */
export interface HttpServe {
  /** The endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  readonly url: string;
  /** The bound host and port. */
  readonly address: { readonly host: string; readonly port: number };
  /** The host behind it (one for every agent: one audit log, one grant file, one blob store). */
  readonly host: NodeHost;
  /** The locked MCP handler. */
  readonly handler: XcapHttpHandler;
  /** The `node:http` server. */
  readonly server: HttpServer;
  /** Settles once `close()` finished (the server is closed and the host too), with where the audit rows not yet committed went (`lost` > 0: exit non-zero). */
  readonly closed: Promise<AuditCloseReport>;
  /** Stops accepting connections, lets the requests in flight answer (up to `closeGraceMs`), then closes every connection and the host. */
  close(): Promise<void>;
}

/**
 * `xcap serve --http [host:]port`: opens ONE Node host and serves its call
 * path to any number of agents over MCP Streamable HTTP at `/mcp`, both
 * eras, behind `createHttpHandler` (Host and Origin 403, bearer token 401,
 * body 413, a fair bound on requests in flight, 503). Every agent shares the
 * audit log, `consent.json` and the blob store; each request's calls are
 * audited with `client` `token:<name>` (or `oauth:<client>@<issuer>` with `oauth`). Binding an address that is not
 * loopback needs `allowRemote` and logs a warning. Every option's value is
 * checked before anything opens (a `RangeError` naming the bad one). A
 * tokenless client cannot hold the connections (`ConnectionGuard`). Prints one start line to
 * `log`: `xcap serve: listening on http://<host>:<port>/mcp, …` (with the
 * real port when 0 was asked).
 *
 * With `--consent elicit`, a modern (2026-07-28) client is asked through
 * `input_required`; a legacy request over HTTP is stateless (each request
 * is answered by a fresh server), so the client cannot be asked mid-call:
 * its undecided scopes answer `consentNeeded`, as with `dismiss`.
 */
export async function serveHttp(options: ServeHttpOptions): Promise<HttpServe> {
  const target = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // Every line through terminalText (it quotes names, addresses and error text from outside).
  const log = (line: string) => target(terminalText(line));
  const listen = checkHttpOptions(options);
  const foreground = options.foreground ?? false;
  const mode = options.consent ?? 'dismiss';
  const hostConsent = await hostConsentUi(foreground, mode, options.consentUi);
  const {
    listen: _listen,
    allowRemote: _remote,
    consent: _mode,
    consentUi: _ui,
    stopWaiting,
    tokens: givenTokens,
    limits = {},
    log: _log,
    closeGraceMs = 10_000,
    consentKey,
    allowedHosts: extraHosts = [],
    allowedOrigins = [],
    timers = realTimers,
    oauth: oauthOptions,
    ...hostOptions
  } = options;
  const host = await createNodeHost({
    ...hostOptions,
    consent: hostConsent,
    // One line when the audit log stops taking rows and one when it takes them again (not one per row), spill and replay notices.
    auditLog: options.auditLog ?? log,
  });
  const tokens = givenTokens ?? new FileTokenStore(tokenFilePath(host.paths.dir));
  const consentState = createConsentState({ ...(consentKey === undefined ? {} : { key: consentKey }), nonces: host.consentNonces });
  // Request errors repeat (a token store down fails every request): at most a burst, then 2 a second, and how many were held back.
  const limiter = new LogLimiter({ now: () => timers.now() });
  const report = (error: Error) => limiter.write('xcap serve: request errors', `xcap serve: ${error.message}`, log);
  let handler: XcapHttpHandler | undefined;
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs ?? 30_000,
    headersTimeout: limits.headersTimeoutMs ?? 10_000,
    keepAliveTimeout: limits.keepAliveTimeoutMs ?? 5_000,
    maxHeaderSize: 16 * 1024,
    // Node looks at headersTimeout and requestTimeout only this often (default 30 s).
    connectionsCheckingInterval: 1_000,
  });
  const guard = new ConnectionGuard(server, {
    maxConnections: limits.maxConnections ?? 256,
    firstByteTimeoutMs: limits.firstByteTimeoutMs ?? 1_000,
    firstHeadersTimeoutMs: limits.firstHeadersTimeoutMs ?? 2_000,
    timers,
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listen.port, listen.host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
    const bound = { host: listen.host, port };
    const origin = `http://${urlAuthority(bound.host, bound.port)}`;
    const url = `${origin}/mcp`;
    const oauth = oauthOptions === undefined ? undefined : { ...oauthOptions, resource: oauthOptions.resource ?? url };
    handler = createHttpHandler({
      server: ({ era, client, via, clientInfo, refusals }) => {
        const mcp = new Server({ name: 'xcap', version: hostNodeVersion }, { capabilities: { tools: {} } });
        mountCallPath(mcp, host.callPath, {
          era,
          clientId: client,
          foreground,
          consent: foreground && mode === 'elicit' && era === 'modern' ? 'client' : 'host',
          consentState,
          refusals,
          via,
          ...(clientInfo === undefined ? {} : { clientInfo }),
        });
        return mcp;
      },
      tokens,
      allowedHosts: [
        ...allowedHostHeaders(bound.host, bound.port),
        ...extraHosts,
        ...(oauthOptions?.resource === undefined ? [] : [new URL(oauthOptions.resource).host]),
      ],
      ...(oauth === undefined ? {} : { oauth }),
      allowedOrigins,
      onerror: report,
      timers,
      ...(limits.maxBodyBytes === undefined ? {} : { maxBodyBytes: limits.maxBodyBytes }),
      ...(limits.maxInFlight === undefined ? {} : { maxInFlight: limits.maxInFlight }),
      ...(limits.maxInFlightPerToken === undefined ? {} : { maxInFlightPerToken: limits.maxInFlightPerToken }),
      ...(limits.maxQueuedPerToken === undefined ? {} : { maxQueuedPerToken: limits.maxQueuedPerToken }),
      ...(limits.maxQueueWaitMs === undefined ? {} : { maxQueueWaitMs: limits.maxQueueWaitMs }),
    });
    const mounted = handler;
    server.on(
      'request',
      fetchListener((request, from) => guard.check(from.socket, (authenticated) => mounted.fetch(request, { authenticated })), origin, report),
    );
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
    if (!listen.loopback)
      log(
        `xcap serve: WARNING: listening on ${listen.host}, which is not loopback: any machine that can reach it may try tokens; keep them secret and prefer a loopback address behind a tunnel`,
      );
    const consentWord = foreground
      ? `foreground, consent ${mode}${mode === 'elicit' ? ' (modern clients; legacy ones answer consentNeeded)' : ''}${mode === 'dismiss' ? '' : `, ${consentWaitWords(options.consentWaitMs, options.consentTimeoutMs)}`}`
      : 'background (undecided scopes answer consentNeeded)';
    const tokenCount =
      tokens instanceof FileTokenStore
        ? await tokens.list().then(
            (list) => `${list.length} token(s) in ${tokens.file}`,
            (error: Error) => `token file unreadable: ${error.message}`,
          )
        : 'tokens from the given store';
    const scopeWords = oauth?.scopes === undefined || oauth.scopes.length === 0 ? '' : ` (scopes ${oauth.scopes.join(' ')})`;
    const oauthWords =
      oauth === undefined
        ? ''
        : `, OAuth resource ${oauth.resource} for ${oauth.issuers.join(', ')}${scopeWords}${oauth.only === true ? ', static tokens refused' : ''}`;
    log(
      `xcap serve: listening on ${url}, app ${host.app.id}, data ${host.paths.dir}, provides ${host.provided.join(', ') || 'nothing'}, ` +
        `${oauth?.only === true ? 'OAuth access tokens only' : tokenCount}${oauthWords}, ${consentWord}`,
    );
    for (const line of unprovidedScopeWarnings(host.app, host.provided)) log(line);
    if (tokenCount.startsWith('0 ') && oauth === undefined)
      log('xcap serve: no tokens yet: every request is refused (401) until you add one with xcap token add <name>');

    let resolveClosed: (report: AuditCloseReport) => void = () => undefined;
    const closed = new Promise<AuditCloseReport>((resolve) => (resolveClosed = resolve));
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> =>
      (closing ??= (async () => {
        stopWaiting?.();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (!(await drained(mounted, closeGraceMs, timers))) {
          const commands = host.stopCommands();
          log(`xcap serve: ${mounted.inFlight} request(s) still in flight after ${closeGraceMs} ms; stopped ${commands} provider command(s)`);
          await drained(mounted, 1_500, timers);
        }
        server.closeAllConnections();
        await mounted.close();
        await stopped;
        limiter.flush();
        resolveClosed(await host.close());
      })());
    return { url, address: bound, host, handler: mounted, server, closed, close };
  } catch (error) {
    server.close();
    await handler?.close();
    await host.close();
    throw error;
  }
}

/** Whether the handler had no request in flight within `ms` (looked at every 10 ms of `timers`). */
async function drained(handler: XcapHttpHandler, ms: number, timers: Timers): Promise<boolean> {
  const deadline = timers.now() + ms;
  while (handler.inFlight > 0) {
    if (timers.now() >= deadline) return false;
    await new Promise<void>((resolve) => timers.setTimeout(resolve, 10));
  }
  return true;
}
