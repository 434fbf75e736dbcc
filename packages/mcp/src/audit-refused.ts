import type { CallPath } from '@xcap/call';
import { failedClosed } from './failed-closed.js';
import type { RefusedToolsCall } from './refused-call-watch.js';

/** What a refused request is audited through: the mounted call path, its run id and whether a person is present. */
export interface RefusalMount {
  readonly callPath: CallPath;
  readonly clientId: string;
  readonly foreground: boolean;
}

/**
 * Audits a refused request through the mounted call path (`CallRequest.refused`): its one row; nothing runs.
 * Answers `false` when the call path fails closed (its row was not committed: `unavailable: auditFailed`), else `true`.
 */
export async function auditRefused(mount: RefusalMount, call: RefusedToolsCall): Promise<boolean> {
  const answer = await mount.callPath.call({
    from: 'agent',
    name: typeof call.name === 'string' ? call.name : '',
    arguments: call.arguments,
    foreground: mount.foreground,
    client: mount.clientId,
    refused: call.reason,
  });
  return !failedClosed(answer);
}
