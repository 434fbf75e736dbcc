import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { launchChromium } from '@xcap/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { consolePageDir } from '../src/console-page-dir.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer } from '../src/console-server.js';
import { askConsent } from './asks.js';

// Issue 33, row 3: with 64 idle connections of a local user who has no secret, the person's page loaded 0 of 20
// times and an Allow never arrived. The guard must keep the console usable: 200 idle connections and a slowloris,
// each reopened as soon as it is closed, and the page still loads and an Allow reaches the agent within 5 s.

const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * Holds `count` connections to 127.0.0.1:`port` open, each reopened 100 ms after it is closed, until `stop`:
 * idle ones send one byte (so that only the headers deadline or the guard closes them), a slowloris one sends a
 * request line and then one header byte every 200 ms, never ending its headers, a slow sign-in sends whole
 * headers of `POST /login` and then its body one byte every 200 ms. Counts the connections made.
 */
function flood(port: number, count: number, kind: 'idle' | 'slowloris' | 'slowLogin') {
  let stopped = false;
  let made = 0;
  const sockets = new Set<Socket>();
  const open = () => {
    if (stopped) return;
    made++;
    const socket = connect(port, '127.0.0.1');
    sockets.add(socket);
    let drip: ReturnType<typeof setInterval> | undefined;
    socket.on('connect', () => {
      if (kind === 'idle') socket.write('G');
      else if (kind === 'slowLogin') {
        // Whole headers at once, then the body of a sign-in one byte every 200 ms: a request the server is reading.
        socket.write(`POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`);
        drip = setInterval(() => socket.write('a'), 200);
      } else {
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
        drip = setInterval(() => socket.write('a'), 200);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
      setTimeout(open, 100);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    made: () => made,
    open: () => sockets.size,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('the console connection guard under a flood of connections without a secret', () => {
  it('with 200 idle connections and a slowloris held open, the page loads and an Allow reaches the agent within 5 s', async () => {
    if (!existsSync(join(consolePageDir(), 'console.js'))) throw new Error('build the page first (nx build)');
    const dir = mkdtempSync(join(tmpdir(), 'xcap-console-guard-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const requests = new ConsoleRequests();
    const server = await startConsoleServer({
      mode: 'serve',
      app: 'acme.album',
      requests,
      stores: {
        grants: new FileGrantStore(join(dir, 'consent.json')),
        tokens: new FileTokenStore(join(dir, 'tokens.json')),
        auditRows: () => Promise.resolve([]),
      },
      isAppId: () => true,
      log: () => undefined,
    });
    closers.push(
      () => server.close(),
      () => requests.close(),
    );
    const browser = await launchChromium();
    closers.push(() => browser.close());
    const idle = flood(server.port, 200, 'idle');
    const slow = flood(server.port, 4, 'slowloris');
    closers.push(idle.stop, slow.stop);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(idle.made()).toBeGreaterThan(200);

    const started = Date.now();
    const tab = await browser.context.newPage();
    await tab.goto(server.loginUrl, { timeout: 5_000 });
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 5_000 });
    const loaded = Date.now() - started;
    const asked = Date.now();
    const reply = askConsent(requests);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 5_000 });
    await expect(reply).resolves.toBe('allow');
    const answered = Date.now() - asked;
    expect([loaded < 5_000, answered < 5_000, loaded, answered]).toEqual([true, true, loaded, answered]);
    // The flood went on the whole time (connections were closed and made again).
    expect(idle.made() + slow.made()).toBeGreaterThan(400);
  }, 60_000);

  it('with 100 sign-ins sending their bodies byte by byte (no secret), the page still loads and an Allow arrives within 5 s', async () => {
    if (!existsSync(join(consolePageDir(), 'console.js'))) throw new Error('build the page first (nx build)');
    const dir = mkdtempSync(join(tmpdir(), 'xcap-console-guard-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const requests = new ConsoleRequests();
    const server = await startConsoleServer({
      mode: 'serve',
      app: 'acme.album',
      requests,
      stores: {
        grants: new FileGrantStore(join(dir, 'consent.json')),
        tokens: new FileTokenStore(join(dir, 'tokens.json')),
        auditRows: () => Promise.resolve([]),
      },
      isAppId: () => true,
      log: () => undefined,
    });
    closers.push(
      () => server.close(),
      () => requests.close(),
    );
    const browser = await launchChromium();
    closers.push(() => browser.close());
    const slow = flood(server.port, 100, 'slowLogin');
    closers.push(slow.stop);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const started = Date.now();
    const tab = await browser.context.newPage();
    await tab.goto(server.loginUrl, { timeout: 5_000 });
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 5_000 });
    const reply = askConsent(requests);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 5_000 });
    await expect(reply).resolves.toBe('allow');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slow.made()).toBeGreaterThan(100);
  }, 60_000);
});
