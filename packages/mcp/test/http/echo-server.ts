import { Server } from '@modelcontextprotocol/server';
import type { HttpServerContext } from '../../src/index.js';

/** Hooks a test holds on the echo server: a gate each call waits on, and the calls seen. */
export interface EchoControl {
  /** Called at the start of every tools/call; the call answers once it settles. */
  hold: (context: HttpServerContext, args: Record<string, unknown>) => Promise<void>;
  /** The contexts of every server made, in order. */
  readonly made: HttpServerContext[];
}

/** A server factory with one tool, `echo`, answering `<client> <era> <arguments.text>`. */
export function echoServerFactory(control: EchoControl): (context: HttpServerContext) => Server {
  return (context) => {
    control.made.push(context);
    const server = new Server({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({
      tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    }));
    server.setRequestHandler('tools/call', async (request) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      await control.hold(context, args);
      return { content: [{ type: 'text', text: `${context.client} ${context.era} ${String(args['text'])}` }] };
    });
    return server;
  };
}
