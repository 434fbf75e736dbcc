/** The processes of the one-console tests: a running `xcap console`, agents named by `clientInfo.name` spawning `xcap serve --consent console`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { childEnd } from '@xcap/test-support';
import type { ConsoleSession } from '../../../console/test/console-client.js';
import { xcapBin } from '../e2e/xcap-process.js';

/** A started `xcap console` child: its login URL and its standard error so far. */
export async function startConsole(
  args: readonly string[],
  cleanup: (() => Promise<unknown>)[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ child: ChildProcess; loginUrl: string; stderr: () => string }> {
  const child = spawn(process.execPath, [xcapBin, 'console', ...args, '--listen', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const ended = childEnd(child);
  cleanup.push(async () => {
    child.kill('SIGTERM');
    await ended;
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (!/xcap console: at (\S+)\n/.test(stderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const loginUrl = /xcap console: at (http:\/\/127\.0\.0\.1:\d+\/login\?secret=\S+)\n/.exec(stderr)?.[1];
  if (loginUrl === undefined) throw new Error(`xcap console did not start: ${stderr}`);
  return { child, loginUrl, stderr: () => stderr };
}

/** An agent named `name` (its `clientInfo.name`) over stdio: the official v2 client spawning `xcap serve --consent console` on `ws`. */
export async function agentNamed(
  name: string,
  args: readonly string[],
  cleanup: (() => Promise<unknown>)[],
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [xcapBin, 'serve', ...args, '--foreground', '--consent', 'console'],
    stderr: 'pipe',
    env: { NODE_OPTIONS: '' },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  cleanup.push(() => client.close());
  return { client, stderr: () => stderr };
}

/** A pending request as `GET /api/state` lists it. */
export type Card = Record<string, unknown> & { id: string; kind: string; app: string };
/** The pending requests once there are at least `count`. */
export async function pendingCards(session: ConsoleSession, count: number): Promise<Card[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const pending = (await session.get('/api/state')).json<{ pending: Card[] }>().pending;
    if (pending.length >= count) return pending;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} pending requests within 15 s`);
}
