import type { ConsentNonceStore } from '@xcap/broker';
import type { CallPath } from '@xcap/call';
import type { StartingNodeHost } from '../create-node-host.js';
import type { NodeHost } from '../node-host.js';

/** What `openingCallPath` answers: the call path and consent-nonce store to serve while the host's stores open. */
export interface OpeningCallPath {
  /** Answers `listTools` at once; `call` waits for the host. */
  readonly callPath: CallPath;
  /** Claims wait for the host's store. */
  readonly consentNonces: ConsentNonceStore;
}

/**
 * The call path of a host whose stores are still opening (`startNodeHost`),
 * for a transport started before them: `listTools` (and `app`,
 * `provided`) answer at once from what the host serves; `call` and every
 * consent-nonce claim wait for `ready` (telling `needStores` first: a host
 * holding its stores back until its first answer opens them now) and then
 * go to the host's own. When
 * `ready` rejects they never settle: the server fails the process with the
 * store's one line, and no tools/call is answered.
 */
export function openingCallPath(starting: StartingNodeHost, needStores: () => void = () => undefined): OpeningCallPath {
  let host: NodeHost | undefined;
  const never = new Promise<never>(() => undefined);
  const opened = starting.ready.then(
    (ready) => (host = ready),
    () => never,
  );
  const ready = (): Promise<NodeHost> => {
    needStores();
    return opened;
  };
  const callPath: CallPath = {
    app: { id: starting.app.id, screens: starting.app.screens, manifest: starting.app.capabilities },
    provided: starting.provided,
    call: async (request) => (await ready()).callPath.call(request),
    listTools: () => (host === undefined ? starting.listTools() : host.callPath.listTools()),
    pendingAudit: () => host?.callPath.pendingAudit() ?? [],
    flushAudit: async () => (await ready()).callPath.flushAudit(),
    closeAudit: async () => (await ready()).callPath.closeAudit(),
    auditState: () => host?.callPath.auditState() ?? 'ok',
    unwrittenRefusals: () => host?.callPath.unwrittenRefusals() ?? 0,
  };
  return { callPath, consentNonces: { claim: async (nonce, expiresAt) => (await ready()).consentNonces.claim(nonce, expiresAt) } };
}
