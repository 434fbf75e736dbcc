import { isObject } from '@xcap/wire';

/** The most audit clients whose last `initialize` is remembered (the oldest is forgotten first). */
export const maxRememberedClients = 1_024;

/** A client's `clientInfo` as `initialize` gave it: its name and version, when they are strings. */
export interface ClientInfo {
  /** `clientInfo.name`, as sent. */
  readonly name?: string;
  /** `clientInfo.version`, as sent. */
  readonly version?: string;
}

/**
 * The `clientInfo` of each audit client's (token's) last `initialize`, for
 * the stateless 2025-era HTTP requests that follow it: each is served by a
 * server of its own, which never saw the handshake. The name is the
 * client's own claim either way; the token it came with is what
 * authenticates it (and is shown beside it). At most
 * `maxRememberedClients` clients are remembered.
 */
export class LastClientInfo {
  readonly #infos = new Map<string, ClientInfo>();

  /** Remembers `message`'s `clientInfo` for `client` when it is an `initialize` request (a batch is not looked into). */
  remember(client: string, message: unknown): void {
    if (!isObject(message) || message['method'] !== 'initialize' || !isObject(message['params'])) return;
    const info = message['params']['clientInfo'];
    if (!isObject(info)) return;
    const { name, version } = info;
    this.#infos.delete(client);
    this.#infos.set(client, { ...(typeof name === 'string' ? { name } : {}), ...(typeof version === 'string' ? { version } : {}) });
    if (this.#infos.size > maxRememberedClients) this.#infos.delete(this.#infos.keys().next().value ?? '');
  }

  /** The `clientInfo` of `client`'s last `initialize`, if one was seen. */
  get(client: string): ClientInfo | undefined {
    return this.#infos.get(client);
  }
}
