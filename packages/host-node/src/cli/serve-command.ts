import { stat } from 'node:fs/promises';
import { LogLimiter } from '@xcap/wire';
import { defaultConsentTimeoutMs } from '@xcap/call';
import type { ConsentMode } from '../consent/consent-mode.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import { readAppManifest } from '../manifest/read-app-manifest.js';
import { ManifestError } from '../manifest/manifest-error.js';
import { serveStdio, type ServeStdioOptions } from '../mcp/serve-stdio.js';
import { terminalText } from '../terminal-text.js';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';
import { dataDirOption } from './data-dir-option.js';
import { consolePortOption, openServeConsole } from './serve-console-option.js';
import { metricsListenOption, openServeMetrics } from './serve-metrics-option.js';
import { checkHttpFlags, serveHttpCommand } from './serve-http-command.js';
import { hostNameOption, openStores, storeUrl } from './store-option.js';

/** The consent timeout with `--consent console` unless `--consent-timeout` says otherwise: ten minutes (the sheet stays while a call waits at most `--consent-wait`). */
export const consoleConsentTimeoutMs = 600_000;

/** How long a call waits on a sheet unless `--consent-wait` says otherwise: 50 s, below the 60 s most MCP clients allow a request. */
export const defaultConsentWaitMs = 50_000;

/**
 * The call's wait on a sheet: `--consent-wait` as given, refused when it is
 * longer than the consent timeout (a call cannot wait on a sheet that is
 * gone); by default `defaultConsentWaitMs`, or the consent timeout when it
 * is shorter.
 */
function consentWait(givenMs: number | undefined, timeoutMs: number): number {
  if (givenMs === undefined) return Math.min(defaultConsentWaitMs, timeoutMs);
  if (givenMs > timeoutMs)
    throw new CliFailure(
      `--consent-wait ${givenMs / 1_000} is longer than the consent timeout (${timeoutMs / 1_000} s): a call cannot wait on a sheet after it closed; raise --consent-timeout or lower --consent-wait`,
    );
  return givenMs;
}

/** How much longer than the consent timeout a native may take with `--consent console`: a picker waits up to the consent timeout for the person, then `lp` may take its 20 s. */
const consoleNativeExtraMs = 30_000;

async function directoryOption(flag: string, value: unknown): Promise<string | undefined> {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new CliFailure(`${flag}: not a directory path`);
  const info = await stat(value).catch(() => null);
  if (info === null) throw new CliFailure(`${flag} ${value}: no such directory`);
  if (!info.isDirectory()) throw new CliFailure(`${flag} ${value}: not a directory`);
  return value;
}

/**
 * `xcap serve`: reads and checks the manifest (a bad one exits 2 naming the
 * file and the JSON pointers, before anything is served), checks the
 * folders, then serves over stdio until stdin ends or SIGINT/SIGTERM, or,
 * with `--http [host:]port`, over Streamable HTTP (`serveHttpCommand`).
 * With `--store postgres://…` (or `$XCAP_STORE`) grants, app files, audit
 * rows (with `--host-name` in their host column), tokens and the nonces of
 * answered consent states are in
 * PostgreSQL; the data directory keeps what is per host (scheduled
 * notifications, the audit spill file). A database that cannot be reached
 * is one line (password masked) and exit 1. Each `--providers-command
 * "<command> [args]"` is spawned and serves the capabilities it describes
 * (over the xcap provider protocol) instead of their Node providers; one
 * that cannot serve is one line naming it and exit 2.
 */
export async function serveCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  await checkHttpFlags(options);
  const foreground = options.foreground === true;
  const consent = options.consent as ConsentMode;
  if (!foreground && consent !== 'dismiss')
    throw new CliFailure(`--consent ${consent} needs --foreground (in the background no one is asked: undecided scopes answer consentNeeded)`);
  const givenTimeoutMs = typeof options.consentTimeout === 'number' ? options.consentTimeout : undefined;
  if (!foreground && givenTimeoutMs !== undefined) throw new CliFailure('--consent-timeout needs --foreground (in the background no one is asked)');
  const givenWaitMs = typeof options.consentWait === 'number' ? options.consentWait : undefined;
  if (!foreground && givenWaitMs !== undefined) throw new CliFailure('--consent-wait needs --foreground (in the background no one is asked)');
  const consentTimeoutMs = givenTimeoutMs ?? (foreground && consent === 'console' ? consoleConsentTimeoutMs : undefined);
  const consentWaitMs = foreground ? consentWait(givenWaitMs, consentTimeoutMs ?? defaultConsentTimeoutMs) : undefined;
  const consolePort = await consolePortOption(options);
  const metricsAt = await metricsListenOption(options);
  const paths = dataDirOption(options, io);
  const url = await storeUrl(options, io);
  if (url === undefined && options.hostName !== undefined)
    throw new CliFailure('--host-name needs --store (the audit rows of a data directory have no host column)');
  const hostName = url === undefined ? undefined : hostNameOption(options);
  const quotaBytes = typeof options.quota === 'number' ? options.quota : undefined;
  const photosDir = await directoryOption('--photos', options.photos);
  const filesDir = await directoryOption('--files', options.files);
  const providerCommands = Array.isArray(options.providersCommand) ? (options.providersCommand as string[]) : [];
  let manifest: AppManifest;
  try {
    manifest = await readAppManifest(String(options.manifest));
  } catch (error) {
    if (error instanceof ManifestError) throw new CliFailure(error.message, 2, { cause: error });
    throw error;
  }
  const log = (line: string) => io.stderr(`${terminalText(line)}\n`);
  const poolErrors = new LogLimiter();
  // Over stdio without the console the database connects while the first requests are answered (a tools/call waits for it);
  // --http (its tokens) and the console need it before they start.
  const opening =
    url === undefined
      ? undefined
      : openStores(url, {
          ...(hostName === undefined ? {} : { host: hostName }),
          ...(quotaBytes === undefined ? {} : { quotaBytes }),
          // A database outage fails every pooled connection: at most a burst, then 2 a second, and how many were held back.
          onPoolError: (error) => poolErrors.write('xcap serve: store pool errors', `xcap serve: ${error.message}`, log),
        }).then(async (opened) => {
          const { maskConnectionString } = await import('@xcap/store-postgres');
          log(
            `xcap serve: store ${maskConnectionString(url)} (grants, app files, audit rows, tokens, consent nonces), host ${hostName ?? ''}; per host in ${paths.dir}: scheduled notifications, the audit spill file`,
          );
          return opened;
        });
  // Its failure is the host's (tools/call never answered, the one line, exit 1), not an unhandled rejection.
  opening?.catch(() => undefined);
  const deferred = opening !== undefined && options.http === undefined && consolePort === undefined;
  const shared = opening === undefined || deferred ? undefined : await opening;
  const stores =
    opening === undefined
      ? quotaBytes === undefined
        ? {}
        : { quotaBytes }
      : shared === undefined
        ? {
            openStores: async () => {
              const opened = await opening;
              return { grants: opened.grants, blobs: opened.blobs, audit: opened.audit, consentNonces: opened.consentNonces };
            },
          }
        : { grants: shared.grants, blobs: shared.blobs, audit: shared.audit, consentNonces: shared.consentNonces };
  // With --consent console: the console on the host's own stores, its consent UI and pickers (a person may take the whole consent timeout).
  const opened =
    consolePort === undefined
      ? undefined
      : await openServeConsole(
          consolePort,
          {
            manifest,
            paths,
            ...(filesDir === undefined ? {} : { filesDir }),
            ...(shared === undefined ? {} : { shared }),
          },
          options,
          io,
        ).catch(async (error: unknown) => {
          await shared?.close().catch(() => undefined);
          throw error;
        });
  const consoleHost =
    opened === undefined
      ? {}
      : {
          consentUi: opened.consentUi,
          stopWaiting: () => opened.requests.close(),
          grants: opened.grants,
          providerOptions: opened.providerOptions,
          timeoutMs: (consentTimeoutMs ?? defaultConsentTimeoutMs) + consoleNativeExtraMs,
        };
  // With --metrics: the Prometheus listener, fed by the host's observer.
  const metrics =
    metricsAt === undefined
      ? undefined
      : await openServeMetrics(metricsAt, consent, io).catch(async (error: unknown) => {
          await opened?.close();
          await (shared ?? (await opening?.catch(() => undefined)))?.close().catch(() => undefined);
          throw error;
        });
  // What both transports serve: the app, its folders and stores, the consent mode, the provider commands.
  const host = {
    manifest,
    dataDir: paths.dir,
    foreground,
    consent,
    ...(consentTimeoutMs === undefined ? {} : { consentTimeoutMs }),
    ...(consentWaitMs === undefined ? {} : { consentWaitMs }),
    auditSync: options.auditSync === 'full' ? ('full' as const) : ('normal' as const),
    ...(photosDir === undefined ? {} : { photosDir }),
    ...(filesDir === undefined ? {} : { filesDir }),
    ...stores,
    ...consoleHost,
    ...(metrics === undefined ? {} : { observer: metrics.observer }),
    providerCommands,
  };
  try {
    if (options.http !== undefined) {
      await serveHttpCommand(
        { ...host, ...(shared === undefined ? {} : { tokens: shared.tokens, consentKey: await shared.sharedKey('consent-state') }) },
        options,
        io,
      );
      return;
    }
    await serveStdioCommand({ ...host, env: io.env, log: (line) => io.stderr(`${line}\n`) });
  } catch (error) {
    // A provider command that cannot serve is bad input: one line naming every problem, exit 2.
    // Only --providers-command throws one: the protocol's code is loaded only then.
    if (providerCommands.length > 0 && error instanceof (await import('@xcap/provider-protocol')).ProviderSetupError)
      throw new CliFailure(`--providers-command: ${error.problems.join('; ')}`);
    throw error;
  } finally {
    await metrics?.close();
    await opened?.close();
    // The host is closed (its audit rows committed or spilled) before the pool ends.
    const pool = shared ?? (await opening?.catch(() => undefined));
    await pool?.close().catch((error: unknown) => log(`xcap serve: closing the store: ${error instanceof Error ? error.message : String(error)}`));
    poolErrors.flush();
  }
}

/**
 * The stdio path of `xcap serve`: serves until stdin ends (exit 0) or
 * SIGINT/SIGTERM (the calls in flight answer within the grace period, exit
 * 0); a connection that ended any other way (the client closed stdout, the
 * SDK closed the connection) is one `xcap: serve: …` line and exit 1.
 */
async function serveStdioCommand(options: ServeStdioOptions): Promise<void> {
  // Installed before the start: the connection answers while the stores open, so a SIGTERM may come before serveStdio resolves.
  let serving: Awaited<ReturnType<typeof serveStdio>> | undefined;
  const asked = { stop: false };
  const stop = () => {
    asked.stop = true;
    void serving?.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    serving = await serveStdio(options);
    if (asked.stop) void serving.close();
    const end = await serving.closed;
    if (end.exitCode !== 0) throw new CliFailure(`serve: ${end.message ?? end.reason}`, end.exitCode);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
