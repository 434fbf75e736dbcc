import { connect, type Socket } from 'node:net';
import { realTimers, type Timers } from '@xcap/wire';
import type { ConsoleAsker, RelayedConsoleAsk } from './console-asker.js';
import { RelayAsker } from './relay-asker.js';
import { RelayLines } from './relay-lines.js';
import { readConsoleMessage, relayLimits, type RelayHostMessage } from './relay-protocol.js';
import { relayDir, relayPathProblem, relaySocketPath } from './relay-socket-dir.js';

/** What `connectSocketRelay` takes. */
export interface SocketRelayClientOptions {
  /** The data directory (`--data`). */
  readonly dataDir: string;
  /** Where the relay's lines go (a lost console, a folder that is not safe). */
  readonly log: (line: string) => void;
  /** How long to wait for the console's `hello`, in ms (default `relayLimits.helloTimeoutMs`). */
  readonly helloTimeoutMs?: number;
  /** The longest message line, in bytes (default `relayLimits.maxMessageBytes`). */
  readonly maxMessageBytes?: number;
  /** The timer of the hello wait (default `realTimers`). */
  readonly timers?: Timers;
}

/** `xcap serve`'s connection to the running console of its data directory. */
export interface SocketRelayClient extends ConsoleAsker {
  /** The console's address (no secret). */
  readonly url: string;
  /** Tells the console that this host changed a grant (its pages read the grants again). */
  grantsChanged(): void;
  /** Ends every open request with its fallback and every later one at once, and closes the connection. */
  close(): void;
}

interface Connection {
  readonly socket: Socket;
  readonly url: string;
  readonly asker: RelayAsker;
  readonly send: (message: RelayHostMessage) => boolean;
}

/**
 * Connects `xcap serve` to the `xcap console` running on `dataDir`, if one
 * does: the folder and the socket must be ours, not links, with no group
 * or other bits (otherwise one line and `undefined`), and the console must
 * say `hello` within `helloTimeoutMs`. `undefined` when none runs (no
 * socket, connect refused, no hello): the host serves its own console.
 *
 * Each request crosses as data and ends with its own `parse` of the
 * console's answer. When the connection is lost, its open requests end
 * with their fallback (one log line); the next request connects again and,
 * when no console runs any more, ends with its fallback at once (one log
 * line until a console answers again) — the host does not switch to a
 * console of its own while it runs.
 */
export async function connectSocketRelay(options: SocketRelayClientOptions): Promise<SocketRelayClient | undefined> {
  const first = await open(options);
  if (first === undefined) return undefined;
  // One object, so that what an await changed is read again (a local `let` would be narrowed across it).
  const state: { current: Connection | undefined; reconnecting: Promise<Connection | undefined> | undefined; closed: boolean; toldGone: boolean } = {
    current: first,
    reconnecting: undefined,
    closed: false,
    toldGone: false,
  };
  const url = first.url;
  const watch = (connection: Connection) => {
    connection.socket.once('close', () => {
      if (state.current === connection) state.current = undefined;
      const ended = connection.asker.lost();
      if (!state.closed) options.log(`xcap serve: lost the running console at ${connection.url}; ${ended} waiting request(s) end unanswered`);
    });
  };
  watch(first);
  const connection = async (): Promise<Connection | undefined> => {
    if (state.current !== undefined || state.closed) return state.current;
    state.reconnecting ??= open({ ...options, log: () => undefined }).finally(() => (state.reconnecting = undefined));
    const next = await state.reconnecting;
    return next === undefined ? undefined : adopt(next);
  };
  // Every ask that waited on the same reconnection gets the same connection: the first adopts it.
  const adopt = (next: Connection): Connection | undefined => {
    if (state.closed) {
      next.socket.destroy();
      return undefined;
    }
    if (state.current === undefined) {
      state.current = next;
      watch(next);
      state.toldGone = false;
    }
    return state.current;
  };
  const gone = () => {
    if (!state.closed && !state.toldGone) options.log(`xcap serve: no console runs on ${options.dataDir} any more; requests end unanswered until one does`);
    state.toldGone = true;
  };
  return {
    url,
    ask: async <T>(request: RelayedConsoleAsk<T>): Promise<T> => {
      if (state.closed || request.signal.aborted) return request.fallback;
      const live = await connection();
      if (live === undefined) {
        gone();
        return request.fallback;
      }
      return live.asker.ask(request);
    },
    grantsChanged: () => void state.current?.send({ t: 'grants' }),
    close: () => {
      state.closed = true;
      state.current?.asker.close();
      state.current?.socket.destroy();
    },
  };
}

/** One connection, after its hello; `undefined` when no console answers or the folder is not safe. */
async function open(options: SocketRelayClientOptions): Promise<Connection | undefined> {
  const dirProblem = await relayPathProblem(relayDir(options.dataDir), 'directory');
  if (dirProblem === 'missing') return undefined;
  const socketProblem = dirProblem ?? (await relayPathProblem(relaySocketPath(options.dataDir), 'socket'));
  if (socketProblem === 'missing') return undefined;
  if (socketProblem !== undefined) {
    options.log(`xcap serve: not using the console socket: ${socketProblem}`);
    return undefined;
  }
  const maxBytes = options.maxMessageBytes ?? relayLimits.maxMessageBytes;
  return new Promise<Connection | undefined>((resolve) => {
    const socket = connect(relaySocketPath(options.dataDir));
    const lines = new RelayLines(maxBytes);
    let asker: RelayAsker | undefined;
    const timers = options.timers ?? realTimers;
    const timer = timers.setTimeout(() => fail(), options.helloTimeoutMs ?? relayLimits.helloTimeoutMs);
    const fail = () => {
      timers.clearTimeout(timer);
      socket.destroy();
      resolve(undefined);
    };
    socket.on('error', () => (asker === undefined ? fail() : socket.destroy()));
    socket.on('close', () => {
      if (asker === undefined) fail();
    });
    socket.on('data', (chunk: Buffer) => {
      const complete = lines.push(chunk);
      if (complete === null) {
        options.log(`xcap serve: the console sent a message longer than ${maxBytes} bytes; closing its connection`);
        return fail();
      }
      for (const line of complete) {
        let message;
        try {
          message = readConsoleMessage(JSON.parse(line));
        } catch {
          message = 'not JSON';
        }
        if (typeof message === 'string') {
          options.log(`xcap serve: the console sent a message that does not read (${message}); closing its connection`);
          return fail();
        }
        if (asker !== undefined) asker.receive(message);
        else if (message.t === 'hello') {
          timers.clearTimeout(timer);
          const send = (host: RelayHostMessage) => {
            const line = JSON.stringify(host);
            if (Buffer.byteLength(line) > maxBytes) {
              options.log(`xcap serve: a request of ${Buffer.byteLength(line)} bytes is past the console's ${maxBytes}; it ends unanswered`);
              return false;
            }
            if (socket.destroyed) return false;
            socket.write(`${line}\n`);
            return true;
          };
          asker = new RelayAsker({ withFiles: true, log: options.log, send });
          resolve({ socket, url: message.url, asker, send });
        }
      }
    });
  });
}
