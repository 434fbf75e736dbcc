import { Client, type CallToolResult, type ElicitResult, type ProtocolEra } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { xcapBin } from './xcap-command.js';

/** What the agent's client was asked by the server: the form's message and its schema, as the SDK delivered them. */
export interface ElicitQuestion {
  readonly message: string;
  readonly requestedSchema: unknown;
}

/** The agent's side of one `xcap serve` run: the official MCP SDK v2 client over stdio, pinned to the 2026-07-28 protocol. */
export interface AgentConnection {
  readonly client: Client;
  /** The era the client negotiated (`client.getProtocolEra()`): `modern` for 2026-07-28. */
  readonly era: ProtocolEra;
  /** The line `xcap serve` printed on stderr at its start (app, run id, data dir, consent mode). */
  readonly startLine: string;
  /** The run id from that line: the audit rows' clientId. */
  readonly runId: string;
  /** Everything `xcap serve` wrote on stderr so far (e.g. the console's login line). */
  stderr(): string;
  /** One tools/call; the SDK client has checked the answer against the tool's outputSchema. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Ends the run: closes stdin, `xcap serve` writes what is pending and exits. */
  close(): Promise<void>;
}

/** The protocol revision the demo's agent pins. */
export const demoProtocolVersion = '2026-07-28';

/**
 * Starts `xcap serve <args>` as a child process and connects the official
 * SDK v2 client to it as the agent, pinned to 2026-07-28. With `elicit`, the
 * client declares the elicitation capability and answers the server's
 * questions with it (on 2026-07-28 a call answered `input_required` is
 * answered and retried by the client itself).
 */
export async function connectAgent(args: readonly string[], elicit?: (question: ElicitQuestion) => ElicitResult): Promise<AgentConnection> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [xcapBin(), 'serve', ...args], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client(
    { name: 'album-agent', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: demoProtocolVersion } },
      ...(elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (elicit !== undefined) {
    client.setRequestHandler('elicitation/create', (request) =>
      elicit({ message: request.params.message, requestedSchema: 'requestedSchema' in request.params ? request.params.requestedSchema : undefined }),
    );
  }
  await client.connect(transport);
  const era = client.getProtocolEra();
  const deadline = Date.now() + 10_000;
  const startPattern = / run (run-[^,\s]+),/;
  const startOf = () => stderr.split('\n').find((line) => startPattern.test(line));
  while (startOf() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const startLine = startOf() ?? '';
  const runId = startPattern.exec(startLine)?.[1];
  if (runId === undefined || era === undefined) {
    await client.close();
    throw new Error(`xcap serve did not start: ${stderr.trim() || 'no output'}`);
  }
  return {
    client,
    era,
    startLine,
    runId,
    stderr: () => stderr,
    call: (name, callArgs) => client.callTool({ name, arguments: callArgs }),
    close: () => client.close(),
  };
}
