import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { xcapBin } from './xcap-command.js';

/** The agent's side of one `xcap serve` run: the official MCP SDK client over stdio. */
export interface AgentConnection {
  readonly client: Client;
  /** The line `xcap serve` printed on stderr at its start (app, run id, data dir, consent mode). */
  readonly startLine: string;
  /** The run id from that line: the audit rows' clientId. */
  readonly runId: string;
  /** One tools/call; the SDK client has checked the answer against the tool's outputSchema. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Ends the run: closes stdin, `xcap serve` writes what is pending and exits. */
  close(): Promise<void>;
}

/**
 * Starts `xcap serve <args>` as a child process and connects the official SDK
 * client to it as the agent. With `elicit`, the client declares the
 * elicitation capability and answers consent questions with it.
 */
export async function connectAgent(args: readonly string[], elicit?: (message: string) => ElicitResult): Promise<AgentConnection> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [xcapBin(), 'serve', ...args], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'album-agent', version: '1.0.0' }, elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } });
  if (elicit !== undefined) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params.message));
  await client.connect(transport);
  const deadline = Date.now() + 10_000;
  while (!stderr.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const startLine = stderr.split('\n')[0] ?? '';
  const runId = / run (run-[^,\s]+),/.exec(startLine)?.[1];
  if (runId === undefined) throw new Error(`xcap serve did not start: ${stderr.trim() || 'no output'}`);
  return {
    client,
    startLine,
    runId,
    call: async (name, callArgs) => {
      const parsed = CallToolResultSchema.safeParse(await client.callTool({ name, arguments: callArgs }));
      if (!parsed.success) throw new Error(`${name}: the answer is not a tools/call result (${parsed.error.message})`);
      return parsed.data;
    },
    close: () => client.close(),
  };
}
