import { McpServer, type Server } from '@modelcontextprotocol/server';
import type { CallPath } from '@xcap/call';
import type { RefusedCallWatch, RefusedToolsCall } from './refused-call-watch.js';

/** What `mountCallPath` mounted on one server, for the transports that audit the requests the SDK refused. */
export interface MountRecord {
  readonly callPath: CallPath;
  readonly clientId: string;
  readonly foreground: boolean;
  /** The watch the server's transport keeps; the handler tells it each request it receives. */
  watch: RefusedCallWatch | undefined;
}

const mounts = new WeakMap<Server, MountRecord>();

/** Remembers what was mounted on `server`. */
export function recordMount(server: Server, record: MountRecord): void {
  mounts.set(server, record);
}

/** What `mountCallPath` mounted on `product` (a low-level `Server` or an `McpServer`), if anything. */
export function mountOf(product: Server | McpServer): MountRecord | undefined {
  return mounts.get(product instanceof McpServer ? product.server : product);
}

/** Audits a refused request through the mounted call path (`CallRequest.refused`): its one row; nothing runs. */
export async function auditRefused(record: Pick<MountRecord, 'callPath' | 'clientId' | 'foreground'>, call: RefusedToolsCall): Promise<void> {
  await record.callPath.call({
    from: 'agent',
    name: typeof call.name === 'string' ? call.name : '',
    arguments: call.arguments,
    foreground: record.foreground,
    client: record.clientId,
    refused: call.reason,
  });
}
