/**
 * The bare MCP SDK v2 server of bench/mcp.bench.ts: one tool, photos__list
 * (its name and the catalog's schemas come in BARE_TOOL, so the client checks
 * the same outputSchema), answered with a fixed result — no broker, bridge or
 * audit. Both eras, from one factory, as the SDK documents it. With
 * BARE_PHOTOS (a folder) it answers with the same Node photos provider
 * `xcap serve` uses (`createPhotosProvider` of the built @xcap/host-node)
 * instead: the native's own cost, still without broker, bridge or audit.
 *
 *   node bench/bare-mcp-server.mjs stdio   serveStdio on stdin/stdout
 *   node bench/bare-mcp-server.mjs http    createMcpHandler behind toNodeHandler on 127.0.0.1:<free port>;
 *                                          prints "listening on http://127.0.0.1:<port>/mcp," on stderr
 *
 * Plain JavaScript, so it starts like the built `xcap serve` it is compared
 * with (no TypeScript loader in the process).
 */
import { createServer } from 'node:http';
import { Server, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';

const tool = JSON.parse(process.env.BARE_TOOL ?? 'null');
if (tool === null) throw new Error('bare-mcp-server: BARE_TOOL (the tool as JSON) is not set');
const fixed = { photos: [{ id: 'Sunset.png', name: 'Sunset.png', mimeType: 'image/png', takenAt: null }], cursor: null };
const photos = process.env.BARE_PHOTOS === undefined ? undefined : (await import('@xcap/host-node')).createPhotosProvider({ dir: process.env.BARE_PHOTOS });
const answer = async (args) =>
  photos === undefined ? fixed : (await photos.list({ limit: typeof args?.limit === 'number' ? args.limit : 50 })).structuredContent;

/** One low-level Server with the one tool (the factory of both entries; `era` is not needed: the SDK adapts the answers). */
const factory = () => {
  const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [tool] }));
  server.setRequestHandler('tools/call', async (request) => {
    const structuredContent = await answer(request.params.arguments);
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  });
  return server;
};

const mode = process.argv[2];
if (mode === 'stdio') {
  serveStdio(factory);
  process.stdin.once('end', () => process.exit(0));
} else if (mode === 'http') {
  const listener = toNodeHandler(createMcpHandler(factory));
  const server = createServer((req, res) => {
    if (req.url !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    void listener(req, res);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stderr.write(`bare-mcp-server: listening on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp,\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  throw new Error(`bare-mcp-server: the mode is stdio or http, got ${String(mode)}`);
}
