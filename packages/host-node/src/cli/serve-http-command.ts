import type { AuditSink } from '@xcap/audit';
import type { GrantStore } from '@xcap/broker';
import type { BlobStore } from '@xcap/bridge';
import type { TokenStore } from '@xcap/tokens';
import type { ConsentMode } from '../consent/consent-mode.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import { parseListenAddress } from '../mcp/listen-address.js';
import { serveHttp } from '../mcp/serve-http.js';
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
}

/**
 * `xcap serve --http [host:]port [--allow-remote]`: serves the app to every
 * agent that holds a token (`xcap token add`) over MCP Streamable HTTP at
 * `/mcp` until SIGINT/SIGTERM. A bad address, or one that is not loopback
 * without `--allow-remote`, exits 2 before anything is opened; a port in
 * use exits 1. The start line on stderr names the URL (the real port when
 * 0 was asked).
 */
export async function serveHttpCommand(input: ServeHttpCommandInput, options: Record<string, unknown>, io: CliIo): Promise<void> {
  const listen = String(options.http);
  let address;
  try {
    address = parseListenAddress(listen);
  } catch (error) {
    throw new CliFailure((error as Error).message);
  }
  if (!address.loopback && options.allowRemote !== true)
    throw new CliFailure(
      `--http ${listen}: ${address.host} is not a loopback address; binding it exposes the host to the network: add --allow-remote to do so`,
    );
  let serving;
  try {
    serving = await serveHttp({
      ...input,
      env: io.env,
      listen,
      allowRemote: options.allowRemote === true,
      ...(Array.isArray(options.allowedHost) ? { allowedHosts: options.allowedHost as string[] } : {}),
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
