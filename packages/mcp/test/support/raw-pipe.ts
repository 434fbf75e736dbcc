import type { ConsentState, StdioCallPath } from '../../src/index.js';
import type { Pipes } from './pipe-pair.js';
import { serveOnPipes } from './serve-on-pipes.js';
import { testCallPath, type TestCallPath } from './test-call-path.js';

/** The 2026-07-28 per-request envelope; `elicit` declares form elicitation. */
export function envelope(elicit = false): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': elicit ? { elicitation: { form: {} } } : {},
  };
}

/** One answer line. */
export interface RawAnswer {
  readonly id: number | string | null;
  readonly result?: Record<string, unknown> & {
    content?: { type: string; text: string }[];
    isError?: boolean;
    structuredContent?: unknown;
    resultType?: string;
    requestState?: string;
    inputRequests?: Record<string, { method: string; params: { message: string } }>;
  };
  readonly error?: { readonly code: number; readonly message: string };
}

/** `serveStdioCallPath` spoken to in raw lines over in-process pipes. */
export interface RawPipe {
  readonly served: StdioCallPath;
  readonly host: TestCallPath;
  readonly pipes: Pipes;
  readonly logged: string[];
  /** Every answer line so far. */
  readonly answers: RawAnswer[];
  /** Writes `text` as it is. */
  write(text: string): void;
  /** Sends a message as one line and waits for the answer with `id`. */
  request(id: number | string, message: object): Promise<RawAnswer>;
  /** Waits for the answer with `id` (already sent). */
  answerTo(id: number | string | null): Promise<RawAnswer>;
}

/** Serves the test call path on pipes and opens the connection in `era` (legacy: initialize; modern: the first request carries the envelope). */
export async function rawPipe(
  era: 'legacy' | 'modern',
  options: { foreground?: boolean; consentState?: ConsentState; maxMessageBytes?: number; maxInFlight?: number; host?: TestCallPath; clientId?: string } = {},
): Promise<RawPipe> {
  const host = options.host ?? testCallPath();
  const {
    served,
    pipes: both,
    logged,
  } = serveOnPipes(host, {
    foreground: options.foreground,
    consent: 'client',
    consentState: options.consentState,
    clientId: options.clientId,
    maxMessageBytes: options.maxMessageBytes,
    maxInFlight: options.maxInFlight,
  });
  const answers: RawAnswer[] = [];
  const waiting = new Map<unknown, (answer: RawAnswer) => void>();
  let buffer = '';
  both.toClient.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as RawAnswer;
      buffer = buffer.slice(end + 1);
      answers.push(answer);
      waiting.get(answer.id)?.(answer);
    }
  });
  const answerTo = (id: number | string | null) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const early = answers.find((a) => a.id === id);
      if (early !== undefined) return resolve(early);
      const timer = setTimeout(() => reject(new Error(`no answer to ${String(id)} within 5 s; logged: ${logged.join(' | ')}`)), 5_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  const write = (text: string) => void both.toServer.write(text);
  const request = (id: number | string, message: object) => {
    const answered = answerTo(id);
    write(`${JSON.stringify(message)}\n`);
    return answered;
  };
  if (era === 'legacy') {
    await request(0, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  } else {
    await request(0, { jsonrpc: '2.0', id: 0, method: 'tools/list', params: { _meta: envelope() } });
  }
  return { served, host, pipes: both, logged, answers, write, request, answerTo };
}
