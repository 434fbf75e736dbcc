/** The data directory relay: a running console takes the requests of every xcap serve through a 0600 socket in a 0700 folder. */
import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerParsers } from '../src/answer-parsers.js';
import { askPrint } from '../src/ask-print.js';
import { askSave } from '../src/ask-save.js';
import { errorOf } from '@xcap/test-support';
import { ConsoleRequests } from '../src/console-requests.js';
import { RelayRefusedError } from '../src/relay-refused-error.js';
import { RelayLines } from '../src/relay-lines.js';
import { relayDir, relaySocketPath } from '../src/relay-socket-dir.js';
import { connectSocketRelay, type SocketRelayClient } from '../src/relay-socket-client.js';
import { startSocketRelay } from '../src/relay-socket-server.js';

let dataDir: string;
let lines: string[];
const log = (line: string) => void lines.push(line);
const closers: (() => unknown)[] = [];
const url = 'http://127.0.0.1:4321/';

async function consoleOn(options: { maxMessageBytes?: number; maxOpenPerConnection?: number } = {}) {
  const requests = new ConsoleRequests({ log });
  const relay = await startSocketRelay({ dataDir, requests, url, log, ...options });
  closers.push(
    () => relay.close(),
    () => requests.close(),
  );
  return { requests, relay };
}
async function serveOn(): Promise<SocketRelayClient> {
  const client = await connectSocketRelay({ dataDir, log, helloTimeoutMs: 1_000 });
  if (client === undefined) throw new Error('no console');
  closers.push(() => client.close());
  return client;
}
const until = (check: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const look = () => (check() ? resolve() : Date.now() - started > 3_000 ? reject(new Error('timed out')) : setTimeout(look, 5));
    look();
  });
const printAsk = (signal = new AbortController().signal) => ({
  app: 'acme.album',
  agent: null,
  agentKey: 'ui',
  documentName: 'a.pdf',
  mimeType: 'application/pdf',
  printers: ['desk', 'hall'],
  signal,
  deadline: Infinity,
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'xr-'));
  lines = [];
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the socket relay', () => {
  it('makes DIR/console 0700 and its socket 0600; answers in the console reach the host, with its agent', async () => {
    const { requests } = await consoleOn();
    expect((await lstat(relayDir(dataDir))).mode & 0o777).toBe(0o700);
    expect((await lstat(relaySocketPath(dataDir))).mode & 0o777).toBe(0o600);
    const client = await serveOn();
    expect(client.url).toBe(url);
    const printed = askPrint(client, printAsk());
    await until(() => requests.pending().length === 1);
    const [card] = requests.pending();
    expect(card).toMatchObject({ kind: 'print', app: 'acme.album', documentName: 'a.pdf', printers: ['desk', 'hall'], agent: null });
    expect(requests.answer(card?.id, { printer: 'nowhere' })).toMatchObject({ ok: false, status: 400 });
    expect(requests.answer(card?.id, { printer: 'hall' })).toEqual({ ok: true });
    expect(await printed).toBe('hall');
  });

  it('answers two hosts independently, each card naming its agent', async () => {
    const { requests } = await consoleOn();
    const [one, two] = [await serveOn(), await serveOn()];
    const agent = (name: string) => ({ name, version: '1', via: null });
    const first = askSave(one, { ...saveRequest(), agent: agent('Claude'), agentKey: 'run-1' });
    const second = askSave(two, { ...saveRequest(), agent: agent('Goose'), agentKey: 'run-2' });
    await until(() => requests.pending().length === 2);
    const byAgent = (name: string) => requests.pending().find((card) => (card as unknown as { agent: { name: string } }).agent.name === name);
    expect(requests.answer(byAgent('Goose')?.id, { name: 'goose.txt' })).toEqual({ ok: true });
    expect(await second).toBe('goose.txt');
    expect(requests.answer(byAgent('Claude')?.id, { cancel: true })).toEqual({ ok: true });
    expect(await first).toBeNull();
  });

  it('ends the card when the host’s call stops waiting, and the host gets its fallback', async () => {
    const { requests } = await consoleOn();
    const client = await serveOn();
    const call = new AbortController();
    const printed = askPrint(client, printAsk(call.signal));
    await until(() => requests.pending().length === 1);
    const id = requests.pending()[0]?.id;
    call.abort();
    expect(await printed).toBeNull();
    await until(() => requests.pending().length === 0);
    expect(requests.answer(id, { printer: 'desk' })).toMatchObject({ ok: false, status: 409 });
  });

  it('closes a connection whose line is past the bound: its requests end with their fallback, one line each side', async () => {
    const { requests } = await consoleOn({ maxMessageBytes: 2_000 });
    const client = await connectSocketRelay({ dataDir, log, maxMessageBytes: 2_000 });
    if (client === undefined) throw new Error('no console');
    const waiting = askPrint(client, printAsk());
    await until(() => requests.pending().length === 1);
    // A line of exactly the bound passes the reader; one byte more closes.
    const raw = await rawConnection();
    raw.write(`${JSON.stringify({ t: 'grants', pad: 'x'.repeat(2_000 - 27) })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(raw.destroyed).toBe(false);
    raw.write(`${'x'.repeat(2_001)}`);
    await until(() => raw.destroyed);
    expect(lines).toContain('xcap console: closed a connection of xcap serve: a message longer than 2000 bytes');
    // The other host is untouched.
    expect(requests.pending()).toHaveLength(1);
    const big = askSave(client, { ...saveRequest(), suggestedName: 'y'.repeat(3_000) });
    expect(await big).toBeNull();
    expect(requests.pending()).toHaveLength(1);
    expect(lines.filter((line) => /^xcap serve: a request of \d+ bytes is past the console's 2000; it ends unanswered$/.test(line))).toHaveLength(1);
    client.close();
    expect(await waiting).toBeNull();
  });

  it('ends the host’s open requests with their fallback when the console goes, with one line, and again when none runs', async () => {
    const { requests, relay } = await consoleOn();
    const client = await serveOn();
    const waiting = [askPrint(client, printAsk()), askPrint(client, printAsk())];
    await until(() => requests.pending().length === 2);
    await relay.close();
    expect(await Promise.all(waiting)).toEqual([null, null]);
    await until(() => lines.some((line) => line.startsWith('xcap serve: lost')));
    expect(lines.filter((line) => line.startsWith('xcap serve: lost'))).toEqual([
      `xcap serve: lost the running console at ${url}; 2 waiting request(s) end unanswered`,
    ]);
    expect(await askPrint(client, printAsk())).toBeNull();
    expect(await askPrint(client, printAsk())).toBeNull();
    expect(lines.filter((line) => line.startsWith('xcap serve: no console'))).toHaveLength(1);
  });

  it('reconnects on the next request when a console started again', async () => {
    const first = await consoleOn();
    const client = await serveOn();
    await first.relay.close();
    await until(() => lines.some((line) => line.startsWith('xcap serve: lost')));
    const again = await consoleOn();
    const printed = askPrint(client, printAsk());
    await until(() => again.requests.pending().length === 1);
    again.requests.answer(again.requests.pending()[0]?.id, { printer: 'desk' });
    expect(await printed).toBe('desk');
  });

  it('takes the cards of a host whose connection closed off the console (its xcap serve ended)', async () => {
    const { requests } = await consoleOn();
    const [gone, stays] = [await serveOn(), await serveOn()];
    void askPrint(gone, printAsk());
    void askPrint(stays, printAsk());
    await until(() => requests.pending().length === 2);
    gone.close();
    await until(() => requests.pending().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.pending()).toHaveLength(1);
  });

  it('closes a connection that sends a line that is not JSON or not a message, with one line', async () => {
    await consoleOn();
    const raw = await rawConnection();
    raw.write('{"t":"ask","id":1}\n');
    await until(() => raw.destroyed);
    expect(lines).toEqual(['xcap console: closed a connection of xcap serve: kind must be a console kind']);
    const other = await rawConnection();
    other.write('not json\n');
    await until(() => other.destroyed);
    expect(lines.at(-1)).toBe('xcap console: closed a connection of xcap serve: a message that is not JSON');
  });

  it('finds no console when the socket never says hello within the timeout', async () => {
    await mkdir(relayDir(dataDir), { mode: 0o700 });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(relaySocketPath(dataDir), resolve));
    closers.push(() => new Promise((resolve) => silent.close(resolve)));
    await chmod(relaySocketPath(dataDir), 0o600);
    // A hand-driven timer: the wait ends when its timeout fires, not before.
    const waits: { run: () => void; ms: number }[] = [];
    const timers = { setTimeout: (run: () => void, ms: number) => waits.push({ run, ms }), clearTimeout: () => undefined, now: () => 0 };
    let found: unknown = 'waiting';
    const connecting = connectSocketRelay({ dataDir, log, helloTimeoutMs: 200, timers }).then((client) => (found = client));
    await until(() => waits.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([found, waits[0]?.ms]).toEqual(['waiting', 200]);
    waits[0]?.run();
    await connecting;
    expect(found).toBeUndefined();
  });

  it('bounds the requests of one connection: past it a new one ends at once', async () => {
    const { requests } = await consoleOn({ maxOpenPerConnection: 2 });
    const client = await serveOn();
    const asks = [askPrint(client, printAsk()), askPrint(client, printAsk()), askPrint(client, printAsk())];
    expect(await asks[2]).toBeNull();
    expect(requests.pending()).toHaveLength(2);
    client.close();
    expect(await Promise.all(asks)).toEqual([null, null, null]);
  });

  it('removes a stale socket (connect refused) and refuses to start beside a running console', async () => {
    await mkdir(relayDir(dataDir), { mode: 0o700 });
    const stale = createServer();
    await new Promise<void>((resolve) => stale.listen(relaySocketPath(dataDir), resolve));
    await expect(consoleOn()).rejects.toThrow(errorOf(RelayRefusedError, /a console already runs on this data directory/));
    // Closing a listener removes its file; a crashed console leaves it: make one that nothing listens on.
    await new Promise((resolve) => stale.close(resolve));
    await staleSocket(relaySocketPath(dataDir));
    await consoleOn();
    expect(lines).toContain(`xcap console: removed the socket of a console that is gone (${relaySocketPath(dataDir)})`);
    expect(await connectSocketRelay({ dataDir, log })).toBeDefined();
  });

  it('refuses a folder others may use, a link, or another kind of file, with one line; xcap serve then uses none', async () => {
    await mkdir(relayDir(dataDir), { mode: 0o700 });
    await chmod(relayDir(dataDir), 0o750);
    await expect(consoleOn()).rejects.toThrow(
      errorOf(RelayRefusedError, `refusing to listen for xcap serve: ${relayDir(dataDir)} may be used by others (mode 0750; it must be 0700 or stricter)`),
    );
    expect(await connectSocketRelay({ dataDir, log })).toBeUndefined();
    expect(lines).toEqual([`xcap serve: not using the console socket: ${relayDir(dataDir)} may be used by others (mode 0750; it must be 0700 or stricter)`]);
    await rm(relayDir(dataDir), { recursive: true });
    const elsewhere = await mkdtemp(join(tmpdir(), 'xr-'));
    closers.push(() => rm(elsewhere, { recursive: true }));
    await chmod(elsewhere, 0o700);
    await symlink(elsewhere, relayDir(dataDir));
    await expect(consoleOn()).rejects.toThrow(errorOf(RelayRefusedError, `${relayDir(dataDir)} is a symbolic link`));
    await rm(relayDir(dataDir));
    await writeFile(relayDir(dataDir), '');
    await expect(consoleOn()).rejects.toThrow(errorOf(RelayRefusedError, `${relayDir(dataDir)} is not a directory`));
  });

  it('refuses a socket path past 107 bytes', async () => {
    const deep = join(dataDir, 'd'.repeat(100));
    await mkdir(deep);
    const requests = new ConsoleRequests({ log });
    await expect(startSocketRelay({ dataDir: deep, requests, url, log })).rejects.toThrow(errorOf(RelayRefusedError, /is longer than 107 bytes/));
  });

  it('without a console, xcap serve finds none', async () => {
    expect(await connectSocketRelay({ dataDir, log })).toBeUndefined();
    await mkdir(relayDir(dataDir), { mode: 0o700 });
    expect(await connectSocketRelay({ dataDir, log })).toBeUndefined();
    expect(lines).toEqual([]);
  });
});

describe('RelayLines', () => {
  it('splits lines across chunks, a line of exactly the bound passes, one byte more is null and stays null', () => {
    const reader = new RelayLines(4);
    expect(reader.push(Buffer.from('ab'))).toEqual([]);
    expect(reader.push(Buffer.from('cd\nx'))).toEqual(['abcd']);
    expect(reader.push(Buffer.from('\n\n'))).toEqual(['x', '']);
    expect(reader.push(Buffer.from('abcde'))).toBeNull();
    expect(reader.push(Buffer.from('\n'))).toBeNull();
    expect(new RelayLines(4).push(Buffer.from('abcde\n'))).toBeNull();
  });
});

describe('answerParsers', () => {
  it('reads consent as allowOnce, allow or deny, and nothing else', () => {
    expect(answerParsers.consent({}, { reply: 'allowOnce' })).toBe('allowOnce');
    expect(answerParsers.consent({}, { reply: 'allow' })).toBe('allow');
    expect(answerParsers.consent({}, { reply: 'deny' })).toBe('deny');
    expect(answerParsers.consent({}, { reply: 'dismiss' })).toEqual({ refused: 'reply must be "allowOnce", "allow" or "deny"' });
  });
  it('reads photos and files against the offered fields only', () => {
    const photos = { limit: 1, photos: [{ id: 'a' }, { id: 'b' }] };
    expect(answerParsers.photos(photos, { photoIds: ['b'] })).toEqual(['b']);
    expect(answerParsers.photos(photos, { photoIds: ['a', 'b'] })).toEqual({ refused: 'photoIds has 2, at most 1 may be chosen' });
    expect(answerParsers.photos(photos, { photoIds: ['c'] })).toEqual({ refused: '"c" is not a photo of this request' });
    const files = { multiple: false, files: [{ name: 'x' }, { name: 'y' }] };
    expect(answerParsers.open(files, { names: ['y'] })).toEqual(['y']);
    expect(answerParsers.open(files, { names: ['x', 'y'] })).toMatchObject({ refused: expect.any(String) });
    expect(answerParsers.open({ ...files, multiple: true }, { names: ['x', 'y'] })).toEqual(['x', 'y']);
    expect(answerParsers.print({ printers: ['desk'] }, { printer: 'desk' })).toBe('desk');
    expect(answerParsers.print({ printers: ['desk'] }, { cancel: true })).toBeNull();
    expect(answerParsers.print({}, { printer: 'desk' })).toMatchObject({ refused: expect.any(String) });
  });
});

function saveRequest() {
  return {
    app: 'acme.album',
    agent: null,
    agentKey: 'ui',
    suggestedName: 'a.txt',
    mimeType: 'text/plain',
    size: 3,
    signal: new AbortController().signal,
    deadline: Infinity,
  };
}

async function rawConnection(): Promise<Socket> {
  const socket = connect(relaySocketPath(dataDir));
  closers.push(() => socket.destroy());
  await new Promise((resolve) => socket.once('data', resolve));
  return socket;
}

/** Leaves a socket file that nothing listens on, as a console killed with SIGKILL does. */
async function staleSocket(path: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`]);
  await new Promise((resolve) => child.once('exit', resolve));
}
