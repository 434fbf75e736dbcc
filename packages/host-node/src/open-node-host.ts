import { randomBytes } from 'node:crypto';
import type { Catalog } from '@xcap/catalog';
import type { AuditSink } from '@xcap/audit';
import type { ConsentNonceStore } from '@xcap/broker';
import { createCallPath } from '@xcap/call';
import type { LogLimiter } from '@xcap/wire';
import {
  appendAuditSpill,
  type AuditCloseReport,
  auditSpillPath,
  consentNoncePath,
  type DataPaths,
  FileBlobStore,
  FileGrantStore,
  replayAuditSpill,
  SqliteAuditSink,
} from '@xcap/store-local';
import type { HostNatives, NodeHostOptions } from './node-host-options.js';
import type { NodeHost } from './node-host.js';
import { dismissConsent } from './consent/dismiss-consent.js';
import type { AppManifest } from './manifest/app-manifest.js';
import type { CommandGroup } from './providers/command-group.js';
import { auditStateLine } from './audit-state-line.js';
import { lazyConsentNonceStore } from './lazy-consent-nonce-store.js';
import { observedCallPath, observedConsentUi } from './observe/observed-call-path.js';

/** What `startNodeHost` hands to `openNodeHost`: the options and what it built before the stores. */
export interface NodeHostOpening {
  /** The host's options. */
  readonly options: NodeHostOptions;
  /** The catalog served. */
  readonly catalog: Catalog;
  /** The app (its manifest checked). */
  readonly app: AppManifest;
  /** Where every store lives (the directory made and checked). */
  readonly paths: DataPaths;
  /** The natives built (Node providers, provider commands merged in). */
  readonly natives: HostNatives;
  /** The capabilities provided. */
  readonly provided: readonly string[];
  /** What `close()` releases, in order; the stores opened here are added to it. */
  readonly closers: (() => void | Promise<void>)[];
  /** The limiter of the host's repeatable lines. */
  readonly limiter: LogLimiter;
  /** Where the audit trail's lines go (through `terminalText`). */
  readonly auditLog: (line: string) => void;
  /** The external commands the Node providers run (`stopCommands`). */
  readonly commands: CommandGroup;
  /** The provider commands' restart counts, by name. */
  readonly restarts: () => ReadonlyMap<string, number>;
}

/**
 * The second step of `startNodeHost`, in a module of its own so that its
 * imports — the stores of `@xcap/store-local` with better-sqlite3, the call
 * path with the bridge and the catalog's validators — load when the stores
 * open, after a server has answered what needs none of them: opens the
 * stores (`openStores` first, then the data directory's for what it did
 * not give), replays the spill file and creates the call path.
 */
export async function openNodeHost(opening: NodeHostOpening): Promise<NodeHost> {
  const { options, catalog, app, paths, natives, provided, closers, limiter, auditLog, commands, restarts } = opening;
  const given = options.openStores === undefined ? {} : await options.openStores();
  const grants = options.grants ?? given.grants ?? new FileGrantStore(paths.consent);
  const blobs = options.blobs ?? given.blobs ?? new FileBlobStore(paths.files, options.quotaBytes === undefined ? {} : { quotaBytes: options.quotaBytes });
  let audit: AuditSink;
  const givenAudit = options.audit ?? given.audit;
  if (givenAudit !== undefined) audit = givenAudit;
  else {
    const sink = new SqliteAuditSink(paths.audit, { synchronous: options.auditSync ?? 'normal' });
    closers.push(() => sink.close());
    audit = sink;
  }
  let consentNonces: ConsentNonceStore;
  const givenNonces = options.consentNonces ?? given.consentNonces;
  if (givenNonces !== undefined) consentNonces = givenNonces;
  else {
    const nonces = lazyConsentNonceStore(consentNoncePath(paths.dir));
    closers.push(() => nonces.close());
    consentNonces = nonces;
  }
  const spillFile = auditSpillPath(paths.dir);
  const auditReplay = await replayAuditSpill(spillFile, audit);
  for (const { line, problem } of auditReplay.invalid)
    limiter.write('xcap: audit spill', `xcap: ${spillFile} line ${line} is not a spilled audit row (${problem}); kept in the file`, auditLog);
  limiter.flush();
  for (const { line, problem } of auditReplay.refused.slice(0, 10)) auditLog(`xcap: ${spillFile} line ${line}: audit row refused, ${problem}; dropped`);
  if (auditReplay.refused.length > 0)
    auditLog(`xcap: refused ${auditReplay.refused.length} audit row(s) of ${spillFile} for their time (not written to the audit log)`);
  if (auditReplay.replayed > 0) auditLog(`xcap: replayed ${auditReplay.replayed} audit row(s) from ${spillFile} into the audit log (marked replayed)`);

  const { observer } = options;
  const consent = options.consent ?? dismissConsent;
  const created = createCallPath({
    catalog,
    app: { id: app.id, screens: app.screens, manifest: app.capabilities },
    provided,
    providers: natives.providers,
    blobs,
    grants,
    audit,
    consent: observer === undefined ? consent : observedConsentUi(consent, 'host', observer),
    clock: () => new Date(),
    randomHex: () => randomBytes(16).toString('hex'),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.consentTimeoutMs === undefined ? {} : { consentTimeoutMs: options.consentTimeoutMs }),
    ...(options.consentWaitMs === undefined ? {} : { consentWaitMs: options.consentWaitMs }),
    ...(options.onAuditError === undefined ? {} : { onAuditError: options.onAuditError }),
    ...(options.auditFailure === undefined ? {} : { auditFailure: options.auditFailure }),
    onAuditState: (change) => {
      limiter.write('xcap: audit state', auditStateLine(change), auditLog);
      options.onAuditState?.(change);
    },
  });
  const callPath = observer === undefined ? created : observedCallPath(created, observer);
  try {
    observer?.opened?.({
      pendingAudit: () => created.pendingAudit().length,
      auditState: () => created.auditState(),
      auditSpill: { replayed: auditReplay.replayed, invalid: auditReplay.invalid.length },
      providerRestarts: () => restarts(),
    });
  } catch {
    // An observer never fails the host.
  }

  let closing: Promise<AuditCloseReport> | undefined;
  const stopCommands = (reason = 'stopped: xcap is shutting down'): number => commands.stop(reason);
  const close = () =>
    (closing ??= (async () => {
      stopCommands('stopped: the host is closing');
      const left = await callPath.closeAudit().catch(() => callPath.pendingAudit());
      const spill = await appendAuditSpill(spillFile, left);
      const lost = spill.lost + callPath.unwrittenRefusals();
      const report: AuditCloseReport = {
        pending: left.length,
        spilled: spill.spilled,
        lost,
        error: lost === 0 ? null : (spill.error ?? `${callPath.unwrittenRefusals()} row(s) of calls refused while the audit queue was full were not written`),
      };
      if (spill.spilled > 0) auditLog(`xcap: ${spill.spilled} audit row(s) not yet committed are kept in ${spillFile}; they are replayed at the next start`);
      if (lost > 0) auditLog(`xcap: ${lost} audit row(s) were lost: ${report.error}`);
      for (const closer of closers) await closer();
      limiter.flush();
      return report;
    })());
  return {
    callPath,
    app,
    foreground: options.foreground ?? false,
    paths,
    grants,
    blobs,
    audit,
    consentNonces,
    provided: callPath.provided,
    auditReplay,
    stopCommands,
    close,
  };
}
