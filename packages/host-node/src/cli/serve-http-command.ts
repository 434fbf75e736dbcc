import type { AuditSink } from '@xcap/audit';
import type { GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { TokenStore } from '@xcap/tokens';
import type { ConsentUi } from '@xcap/call';
import type { ConsentMode } from '../consent/consent-mode.js';
import type { NodeProvidersOptions } from '../providers/node-providers.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import type { ServeOAuthOptions } from '../mcp/serve-oauth-options.js';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/** What `xcap serve` checked before it branches to HTTP. */
export interface ServeHttpCommandInput {
  /** The checked manifest. */
  readonly manifest: AppManifest;
  /** The data directory. */
  readonly dataDir: string;
  /** `--photos`, checked. */
  readonly photosDir?: string;
  /** `--files`, checked. */
  readonly filesDir?: string;
  /** `--foreground`. */
  readonly foreground: boolean;
  /** `--consent`. */
  readonly consent: ConsentMode;
  /** `--audit-sync`. */
  readonly auditSync: 'normal' | 'full';
  /** `--quota`, for the data directory's file store. */
  readonly quotaBytes?: number;
  /** The shared grant store (`--store`). */
  readonly grants?: GrantStore;
  /** The shared blob store (`--store`). */
  readonly blobs?: BlobStore;
  /** The shared audit sink (`--store`). */
  readonly audit?: AuditSink;
  /** The shared token store (`--store`). */
  readonly tokens?: TokenStore;
  /** The consent `requestState` key the hosts on the database share (`--store`). */
  readonly consentKey?: Uint8Array;
  /** `--providers-command`, each `"<command> [args]"`. */
  readonly providerCommands?: readonly string[];
  /** The console's consent UI (`--consent console`). */
  readonly consentUi?: ConsentUi;
  /** Ends the console's pending requests when the server stops (`serveHttp`'s `stopWaiting`). */
  readonly stopWaiting?: () => void;
  /** The console's pickers (`--consent console`). */
  readonly providerOptions?: Partial<NodeProvidersOptions>;
  /** How long a native may take (`--consent console`: a picker waits for the person). */
  readonly timeoutMs?: number;
}

/** The HTTP flags of `xcap serve` as `serveHttp` takes them. */
interface HttpFlags {
  readonly listen: string;
  readonly allowRemote: boolean;
  readonly allowedHosts: readonly string[];
  readonly allowedOrigins: readonly string[];
  readonly oauth?: ServeOAuthOptions;
}

/** The `--oauth-*` flags given, by name, for the "needs" checks. */
function oauthFlagsGiven(options: Record<string, unknown>): string[] {
  return (
    [
      ['--oauth-issuer', options.oauthIssuer],
      ['--oauth-resource', options.oauthResource],
      ['--oauth-scope', options.oauthScope],
      ['--oauth-only', options.oauthOnly === true ? true : undefined],
    ] as const
  )
    .filter(([, value]) => value !== undefined)
    .map(([flag]) => flag);
}

/**
 * Checks the HTTP flags of `xcap serve` (`--http`, `--allow-remote`,
 * `--allowed-host`, `--allowed-origin`, `--oauth-issuer`, `--oauth-resource`,
 * `--oauth-scope`, `--oauth-only`) before anything is opened: a flag that
 * needs `--http` (or an `--oauth-*` flag without `--oauth-issuer`) without
 * it, or a bad value, is a `CliFailure` (exit 2). Answers the flags, or
 * `undefined` without `--http`.
 */
export async function checkHttpFlags(options: Record<string, unknown>): Promise<HttpFlags | undefined> {
  const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
  if (options.http === undefined) {
    for (const [flag, given] of [
      ['--allow-remote', options.allowRemote === true],
      ['--allowed-host', options.allowedHost !== undefined],
      ['--allowed-origin', options.allowedOrigin !== undefined],
      ...oauthFlagsGiven(options).map((flag) => [flag, true] as const),
    ] as const)
      if (given) throw new CliFailure(`${flag} needs --http (over stdio nothing listens on the network)`);
    return undefined;
  }
  const issuers = list(options.oauthIssuer);
  const oauthFlags = oauthFlagsGiven(options);
  if (issuers.length === 0 && oauthFlags.length > 0)
    throw new CliFailure(`${oauthFlags[0] ?? ''} needs --oauth-issuer <url> (the authorization server whose access tokens are admitted)`);
  const flags = {
    listen: typeof options.http === 'string' ? options.http : '',
    allowRemote: options.allowRemote === true,
    allowedHosts: list(options.allowedHost),
    allowedOrigins: list(options.allowedOrigin),
    ...(issuers.length === 0
      ? {}
      : {
          oauth: {
            issuers,
            scopes: list(options.oauthScope),
            only: options.oauthOnly === true,
            ...(typeof options.oauthResource === 'string' ? { resource: options.oauthResource } : {}),
          },
        }),
  };
  // Loaded only with --http: its parser is @xcap/mcp/node's, HTTP code stdio never loads.
  const { checkHttpOptions } = await import('../mcp/check-http-options.js');
  try {
    checkHttpOptions(flags);
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  return flags;
}

/**
 * `xcap serve --http [host:]port [--allow-remote]`: serves the app to every
 * agent that holds a token (`xcap token add`, or with `--oauth-issuer` an
 * OAuth access token of that issuer) over MCP Streamable HTTP at `/mcp`
 * until SIGINT/SIGTERM. A bad address, one that is not loopback
 * without `--allow-remote`, a bad `--allowed-host` or `--allowed-origin`
 * exit 2 (`checkHttpFlags`, which `xcap serve` runs before anything is
 * opened); a port in use exits 1. The start line on stderr names the URL
 * (the real port when 0 was asked).
 */
export async function serveHttpCommand(input: ServeHttpCommandInput, options: Record<string, unknown>, io: CliIo): Promise<void> {
  const flags = await checkHttpFlags(options);
  if (flags === undefined) throw new CliFailure('serve: --http is missing');
  const listen = flags.listen;
  let serving;
  try {
    // The HTTP server's code (the MCP handler, the connection guard, the token store) is loaded only with --http.
    const { serveHttp } = await import('../mcp/serve-http.js');
    serving = await serveHttp({
      ...input,
      ...flags,
      env: io.env,
      log: (line) => io.stderr(`${line}\n`),
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new CliFailure(`--http ${listen}: cannot listen (${String(code)}): ${(error as Error).message}`, 1);
    throw error;
  }
  const stop = () => void serving.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const audit = await serving.closed;
    if (audit.lost > 0) throw new CliFailure(`serve: ${audit.lost} audit row(s) were lost: ${audit.error ?? 'unknown error'}`, 1);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
