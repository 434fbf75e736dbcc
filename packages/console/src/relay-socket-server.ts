import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { ConsoleRequests } from './console-requests.js';
import { askRelayed } from './relay-console-side.js';
import { RelayLines } from './relay-lines.js';
import { readHostMessage, relayLimits, type RelayConsoleMessage } from './relay-protocol.js';
import { RelayRefusedError } from './relay-refused-error.js';
import { prepareRelayDir } from './relay-socket-dir.js';

/** What `startSocketRelay` takes. */
export interface SocketRelayOptions {
  /** The data directory (`--data`): the socket is `DIR/console/console.sock`. */
  readonly dataDir: string;
  /** The console's registry: relayed requests wait there with its own. */
  readonly requests: ConsoleRequests;
  /** The console's address without its secret, sent to each `xcap serve` (`xcap serve: answering in the running console at <url>`). */
  readonly url: string;
  /** Where the console's lines go. */
  readonly log: (line: string) => void;
  /** Called when a host says grants changed (the console tells its pages). */
  readonly grantsChanged?: () => void;
  /** The longest message line, in bytes (default `relayLimits.maxMessageBytes`). */
  readonly maxMessageBytes?: number;
  /** Requests open per connection (default `relayLimits.maxOpenPerConnection`). */
  readonly maxOpenPerConnection?: number;
}

/** A listening relay socket. */
export interface SocketRelay {
  /** The socket's path. */
  readonly path: string;
  /** Hosts connected now. */
  readonly connections: () => number;
  /** Stops listening, closes every connection (their requests end) and removes the socket. */
  close(): Promise<void>;
}

/**
 * The console's side of the data directory relay: a Unix socket at
 * `DIR/console/console.sock` (the folder 0700 and checked: ours, not a
 * link, no group or other bits; the socket 0600). A socket left by a
 * console that died (connect refused) is removed; one that answers means a
 * console already runs, and this one refuses to start. Each connection is
 * one `xcap serve`: newline-delimited JSON (`RelayHostMessage` in,
 * `RelayConsoleMessage` out, `hello` first), each line at most
 * `maxMessageBytes` — past it, or on a line that does not read, the
 * connection is closed with one log line and its requests end. Requests
 * are put into `requests` (`askRelayed`), at most `maxOpenPerConnection`
 * per connection (past it a new one is `ended` at once).
 */
export async function startSocketRelay(options: SocketRelayOptions): Promise<SocketRelay> {
  const path = await prepareRelayDir(options.dataDir);
  await removeStale(path, options.log);
  const maxBytes = options.maxMessageBytes ?? relayLimits.maxMessageBytes;
  const maxOpen = options.maxOpenPerConnection ?? relayLimits.maxOpenPerConnection;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const open = new Map<number, { readonly end: AbortController; readonly detach: AbortController }>();
    const send = (message: RelayConsoleMessage) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    const drop = (why: string) => {
      options.log(`xcap console: closed a connection of xcap serve: ${why}`);
      socket.destroy();
    };
    const lines = new RelayLines(maxBytes);
    socket.on('data', (chunk: Buffer) => {
      const complete = lines.push(chunk);
      if (complete === null) return drop(`a message longer than ${maxBytes} bytes`);
      for (const line of complete) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          return drop('a message that is not JSON');
        }
        const message = readHostMessage(value);
        if (typeof message === 'string') return drop(message);
        if (message.t === 'grants') options.grantsChanged?.();
        else if (message.t === 'end') open.get(message.id)?.end.abort();
        else if (message.t === 'detach') open.get(message.id)?.detach.abort();
        else if (open.has(message.id)) return drop(`request ${message.id} asked twice`);
        else if (open.size >= maxOpen) send({ t: 'ended', id: message.id });
        else {
          const controllers = { end: new AbortController(), detach: new AbortController() };
          open.set(message.id, controllers);
          void askRelayed(options.requests, message, { signal: controllers.end.signal, detached: controllers.detach.signal, withFiles: true }).then((ended) => {
            open.delete(message.id);
            if (!controllers.end.signal.aborted)
              send(ended === undefined ? { t: 'ended', id: message.id } : { t: 'answer', id: message.id, answer: ended.answer });
          });
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      for (const controllers of [...open.values()]) controllers.end.abort();
    });
    send({ t: 'hello', url: options.url });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return {
    path,
    connections: () => sockets.size,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await unlink(path).catch(() => undefined);
    },
  };
}

/** Removes a socket no console listens on any more; throws when one does. */
async function removeStale(path: string, log: (line: string) => void): Promise<void> {
  const state = await new Promise<'live' | 'stale' | 'none'>((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve('live');
    });
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'stale' : 'none'));
  });
  if (state === 'live') throw new RelayRefusedError(`a console already runs on this data directory (${path} answers)`);
  if (state === 'stale') {
    await unlink(path);
    log(`xcap console: removed the socket of a console that is gone (${path})`);
  }
}
