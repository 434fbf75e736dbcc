import { Client, type ElicitResult } from '@modelcontextprotocol/client';
import type { ConsentState, McpConsent, StdioCallPath } from '../../src/index.js';
import { PipeClientTransport, type Pipes } from './pipe-pair.js';
import { serveOnPipes } from './serve-on-pipes.js';
import { testCallPath, type TestCallPath } from './test-call-path.js';

/** Which era the test client asks for. */
export type ClientEra = 'legacy' | 'modern';

/** An official v2 client connected to `serveStdioCallPath` over in-process pipes. */
export interface Connected {
  readonly client: Client;
  readonly transport: PipeClientTransport;
  readonly served: StdioCallPath;
  readonly host: TestCallPath;
  readonly pipes: Pipes;
  /** The elicitation requests the client answered (message and form). */
  readonly elicited: { message: string; requestedSchema: unknown }[];
  /** Notices the server logged. */
  readonly logged: string[];
}

/** Options of `connect`. */
export interface ConnectOptions {
  readonly era: ClientEra;
  readonly foreground?: boolean;
  readonly consent?: McpConsent;
  readonly consentState?: ConsentState;
  /** The client's elicitation answer; without it the client declares no elicitation capability. */
  readonly elicit?: () => ElicitResult;
}

/** Serves the test call path and connects the official client, pinned to 2026-07-28 for `modern`, the default `initialize` handshake for `legacy`. */
export async function connect(options: ConnectOptions): Promise<Connected> {
  const host = testCallPath();
  const { served, pipes: both, logged } = serveOnPipes(host, { foreground: options.foreground, consent: options.consent, consentState: options.consentState });
  const client = new Client(
    { name: 'agent', version: '1.0.0' },
    {
      ...(options.elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
      ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {}),
    },
  );
  const elicited: Connected['elicited'] = [];
  const answer = options.elicit;
  if (answer !== undefined) {
    client.setRequestHandler('elicitation/create', (request) => {
      elicited.push({ message: request.params.message, requestedSchema: 'requestedSchema' in request.params ? request.params.requestedSchema : undefined });
      return answer();
    });
  }
  const transport = new PipeClientTransport(both);
  await client.connect(transport);
  return { client, transport, served, host, pipes: both, elicited, logged };
}
