import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createNodeHost } from '../../src/create-node-host.js';
import type { NodeHost } from '../../src/node-host.js';
import { serveStdio } from '../../src/mcp/serve-stdio.js';
import { fakeBin, tempDir } from '../providers/provider-test-kit.js';

// Child processes (a fake lp per host) on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const app = 'acme.print';
const manifest = { id: app, screens: ['main'], capabilities: [{ id: 'print.pdf', why: 'Print your album.' }] };

/** Whether process `pid` still runs (a zombie waiting to be reaped does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A fake `lp` that writes its process id next to itself, then sleeps 30 s (until killed); and where that id lands. */
function slowLp(): { readonly lp: string; readonly pidFile: string } {
  const bin = fakeBin({ lp: 'echo $$ > "$0.pid"; exec sleep 30' });
  return { lp: join(bin.bin, 'lp'), pidFile: join(bin.bin, 'lp.pid') };
}

/** Waits for `file` to hold a process id (the fake lp started). */
async function pidIn(file: string): Promise<number> {
  await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8').trim() !== '', { timeout: 20_000 }).toBe(true);
  return Number(readFileSync(file, 'utf8').trim());
}

/** Stores a PDF in `host`'s app files and answers the call that prints it (still running while lp sleeps). */
async function printing(host: NodeHost) {
  const fileId = await host.blobs.put(app, 'album.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n'));
  return host.callPath.call({ from: 'agent', name: 'print__print', arguments: { fileId }, foreground: true, client: 'run-1' });
}

describe('provider commands belong to their host', () => {
  it('two xcap serve in one process: closing one (its grace over) stops its own lp, the other keeps running', async () => {
    const started = await Promise.all(
      [0, 1].map(async () => {
        const { lp, pidFile } = slowLp();
        const stdin = new PassThrough();
        const serve = await serveStdio({
          manifest,
          dataDir: join(tempDir(), 'data'),
          foreground: true,
          providerOptions: { lp },
          stdin,
          stdout: new PassThrough(),
          log: () => undefined,
          closeGraceMs: 100,
        });
        const fileId = await serve.host.blobs.put(app, 'album.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n'));
        const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
        send({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        });
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'print__print', arguments: { fileId } } });
        return { serve, pid: await pidIn(pidFile) };
      }),
    );
    const [a, b] = started as [(typeof started)[0], (typeof started)[0]];
    try {
      await a.serve.close();
      await expect.poll(() => running(a.pid), { timeout: 10_000 }).toBe(false);
      expect(running(b.pid)).toBe(true);
    } finally {
      await b.serve.close();
    }
    await expect.poll(() => running(b.pid), { timeout: 10_000 }).toBe(false);
  });

  it('host.close() stops the commands of that host only; stopCommands() answers how many it stopped', async () => {
    const hosts = await Promise.all(
      [0, 1].map(async () => {
        const { lp, pidFile } = slowLp();
        const host = await createNodeHost({ manifest, dataDir: join(tempDir(), 'data'), foreground: true, providerOptions: { lp }, auditLog: () => undefined });
        const call = printing(host);
        return { host, call, pid: await pidIn(pidFile) };
      }),
    );
    const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    try {
      await a.host.close();
      await expect.poll(() => running(a.pid), { timeout: 10_000 }).toBe(false);
      expect((await a.call).outcome).not.toBe('ok');
      expect(running(b.pid)).toBe(true);
      expect(b.host.stopCommands()).toBe(1);
      expect(b.host.stopCommands()).toBe(0);
      await expect.poll(() => running(b.pid), { timeout: 10_000 }).toBe(false);
      expect((await b.call).outcome).not.toBe('ok');
    } finally {
      await b.host.close();
    }
  });
});
