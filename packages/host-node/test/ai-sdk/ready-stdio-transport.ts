import type { JSONRPCMessage, MCPTransport } from '@ai-sdk/mcp';
import { StdioMCPTransport, type StdioConfig } from '@ai-sdk/mcp/mcp-stdio';

/** The id of the one `server/discover` `ReadyStdioTransport` sends itself. */
const readyId = 'ready-stdio-transport';

/**
 * The AI SDK's own stdio transport, whose `start()` also waits until the
 * server answers: it spawns the server, sends it one `server/discover` of
 * its own (a modern-era request, as the client's: a legacy `ping` would
 * settle the connection's era first) and keeps that answer from the client. The client's `server/discover`, which
 * it gives up on after a fixed 1 s, then goes to a server that is up, so
 * the era it negotiates does not depend on how loaded the machine is.
 * Everything else is the AI SDK's (its transport, its client).
 */
export class ReadyStdioTransport implements MCPTransport {
  readonly supportsProtocolVersionDiscovery = true;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  protocolVersion?: string;
  readonly #inner: StdioMCPTransport;

  constructor(config: StdioConfig) {
    this.#inner = new StdioMCPTransport(config);
  }

  /** Spawns the server and resolves once it answered the probe (rejects if it closed or failed first). */
  async start(): Promise<void> {
    const answered = new Promise<void>((resolve, reject) => {
      this.#inner.onmessage = (message) => {
        if ('id' in message && message.id === readyId) resolve();
        else this.onmessage?.(message);
      };
      this.#inner.onerror = (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        reject(failure);
        this.onerror?.(failure);
      };
      this.#inner.onclose = () => {
        reject(new Error('the server closed before it answered server/discover'));
        this.onclose?.();
      };
    });
    await this.#inner.start();
    await this.#inner.send({
      jsonrpc: '2.0',
      id: readyId,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: readyId, version: '1.0.0' },
        },
      },
    });
    await answered;
  }

  /** Sends through the AI SDK's stdio transport (its options are for HTTP: stdio has none). */
  send(message: JSONRPCMessage): Promise<void> {
    return this.#inner.send(message);
  }

  /** Ends the server as the AI SDK's stdio transport does. */
  close(): Promise<void> {
    return this.#inner.close();
  }
}
