import { createServer, type Server } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgent, requireBuilt, runXcap, workspace } from '../e2e/xcap-process.js';

// Child processes (xcap serve, the SDK client): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

/** A server holding a free port of 127.0.0.1 (the test closes it). */
async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('xcap serve --console 127.0.0.1:PORT', () => {
  it('listens on PORT', async () => {
    const ws = await workspace();
    const held = await holdPort();
    await close(held.server);
    const agent = await connectAgent([
      '--manifest',
      ws.manifest,
      '--data',
      ws.data,
      '--foreground',
      '--consent',
      'console',
      '--console',
      `127.0.0.1:${held.port}`,
    ]);
    try {
      await vi.waitFor(() => expect(agent.stderr()).toContain(`xcap serve: console at http://127.0.0.1:${held.port}/login?secret=`), { timeout: 10_000 });
    } finally {
      await agent.client.close();
    }
  });

  it('exits 1 with one line naming a port in use, before serving MCP', async () => {
    const ws = await workspace();
    const held = await holdPort();
    try {
      const run = await runXcap([
        'serve',
        '--manifest',
        ws.manifest,
        '--data',
        ws.data,
        '--foreground',
        '--consent',
        'console',
        '--console',
        `127.0.0.1:${held.port}`,
      ]);
      expect([run.code, run.stdout, run.stderr]).toEqual([1, '', `xcap: --console 127.0.0.1:${held.port}: cannot listen (EADDRINUSE)\n`]);
    } finally {
      await close(held.server);
    }
  });
});
