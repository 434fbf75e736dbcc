import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { launchChromium } from '@xcap/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleLimits } from '../src/console-contract.js';
import { consolePageDir } from '../src/console-page-dir.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer, type ConsoleServerOptions } from '../src/console-server.js';
import { signIn, type ConsoleSession } from './console-client.js';

// Issue 33, row 7: the live audit stream sent at most 100 rows per look at the log and dropped the rest silently
// (622 of 4,722 rows reached the page). Every row must reach the page, or the page must say how many it missed.

const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const row = (id: number, error: string | null = null): StoredAuditRow => ({
  id,
  at: new Date().toISOString(),
  appId: 'acme.album',
  clientId: 'run-1',
  tool: 'photos__list',
  status: error === null ? 'ok' : 'failed',
  error,
  argsHash: 'h',
  durationMs: 1,
  replayed: false,
});

/** A console whose audit log is `rows` (the query honours afterId and limit, newest first, as the sinks do). */
async function started(more: Partial<ConsoleServerOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'xcap-console-stream-'));
  const rows: StoredAuditRow[] = [row(1)];
  const requests = new ConsoleRequests();
  const server = await startConsoleServer({
    mode: 'serve',
    app: 'acme.album',
    requests,
    stores: {
      grants: new FileGrantStore(join(dir, 'consent.json')),
      tokens: new FileTokenStore(join(dir, 'tokens.json')),
      // As the sinks answer (AuditQuery): newest first, or oldest first after an id; limit keeps the first.
      auditRows: (filter: AuditQuery) => {
        const after = filter.afterId;
        const found = after === undefined ? rows.slice().reverse() : rows.filter((r) => r.id > after);
        return Promise.resolve(filter.limit === undefined ? found : found.slice(0, filter.limit));
      },
    },
    isAppId: () => true,
    auditPollMs: 20,
    log: () => undefined,
    ...more,
  });
  closers.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
    () => requests.close(),
  );
  return { server, rows, session: await signIn(server.loginUrl) };
}

/** An open `GET /api/events`: its frames as they come; `pause`/`resume` stop and restart reading. */
function openStream(session: ConsoleSession) {
  const url = new URL('/api/events', session.origin);
  const frames: string[] = [];
  return new Promise<{ frames: string[]; pause(): void; resume(): void }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: session.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          frames.push(text.slice(0, end));
          text = text.slice(end + 2);
        }
      });
      resolve({ frames, pause: () => res.pause(), resume: () => res.resume() });
    });
    closers.push(() => void req.destroy());
    req.on('error', reject);
    req.end();
  });
}

const of = (frames: readonly string[], event: string) =>
  frames.filter((frame) => frame.startsWith(`event: ${event}\n`)).map((frame) => JSON.parse(frame.split('\ndata: ')[1] ?? '') as Record<string, unknown>);

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the live audit stream under load', () => {
  it('sends every new row as event: audit up to a batch; a burst of 2,000 rows at once is one event: lagged naming them', async () => {
    const { rows, session } = await started();
    const stream = await openStream(session);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let id = 2; id <= consoleLimits.maxStreamRows; id++) rows.push(row(id));
    await until(() => of(stream.frames, 'audit').length === consoleLimits.maxStreamRows - 1);
    expect(of(stream.frames, 'audit').map((r) => r['id'])).toEqual(Array.from({ length: consoleLimits.maxStreamRows - 1 }, (_, i) => i + 2));
    // Exactly a batch at once is already one lagged (the bound), and so is a burst of 2,000.
    const first = rows.length;
    for (let id = first + 1; id <= first + consoleLimits.maxStreamRows; id++) rows.push(row(id));
    await until(() => of(stream.frames, 'lagged').length === 1);
    const last = rows.length;
    for (let id = last + 1; id <= last + 2_000; id++) rows.push(row(id));
    await until(() => of(stream.frames, 'lagged').length === 2);
    expect(of(stream.frames, 'lagged')).toEqual([
      { missed: consoleLimits.maxStreamRows, lastId: last },
      { missed: 2_000, lastId: last + 2_000 },
    ]);
    rows.push(row(last + 2_001));
    await until(() => of(stream.frames, 'audit').some((r) => r['id'] === last + 2_001));
    expect(of(stream.frames, 'audit')).toHaveLength(consoleLimits.maxStreamRows);
    // What a page reads them with: GET /api/audit?after=<id>, oldest first (a page of them never skips a row).
    const after = (await session.get(`/api/audit?after=${last + 2_001 - 3}&limit=500`)).json<{ rows: { id: number }[] }>();
    expect(after.rows.map((r) => r.id)).toEqual([last + 1_999, last + 2_000, last + 2_001]);
    for (const bad of ['-1', '1.5', 'x', '1e3', '9'.repeat(16)]) expect((await session.get(`/api/audit?after=${bad}`)).status, bad).toBe(400);
    expect((await session.get('/api/audit?after=0')).status).toBe(200);
  });

  it('counts the rows a stream that does not read cannot take (past maxStreamBufferBytes) and sends event: lagged once it drains', async () => {
    const { rows, session } = await started({ maxStreamBufferBytes: 64 * 1024 });
    const stream = await openStream(session);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stream.pause();
    // 4,000 rows of 8 KiB, 100 per look at the log: far more than the socket buffers hold.
    const big = 'x'.repeat(8 * 1024);
    for (let batch = 0; batch < 40; batch++) {
      for (let i = 0; i < 100; i++) rows.push(row(rows.length + 1, big));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream.resume();
    const newest = rows.length;
    await until(() => of(stream.frames, 'lagged').some((lag) => lag['lastId'] === newest) || of(stream.frames, 'audit').at(-1)?.['id'] === newest);
    const audit = of(stream.frames, 'audit').map((r) => r['id'] as number);
    const lagged = of(stream.frames, 'lagged') as { missed: number; lastId: number }[];
    expect(lagged.length).toBeGreaterThan(0);
    // Every row is either sent or counted, none twice: the ids sent and the counts missed add up to the log.
    expect(new Set(audit).size).toBe(audit.length);
    expect(audit.length + lagged.reduce((sum, lag) => sum + lag.missed, 0)).toBe(newest - 1);
  }, 60_000);

  it('in Chromium, after a burst of 2,000 calls the page shows the newest rows of the log (its 100), none twice, and says how many came too fast', async () => {
    if (!existsSync(join(consolePageDir(), 'console.js'))) throw new Error('build the page first (nx build)');
    const { server, rows } = await started();
    const browser = await launchChromium();
    closers.push(() => browser.close());
    const tab = await browser.context.newPage();
    await tab.goto(server.loginUrl);
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
    await tab.locator('#status', { hasText: 'Live.' }).waitFor({ timeout: 10_000 });
    for (let id = 2; id <= 2_001; id++) rows.push(row(id));
    await tab.locator('#status', { hasText: '2000 audit rows came faster' }).waitFor({ timeout: 10_000 });
    const newest = Array.from({ length: consoleLimits.defaultAuditLimit }, (_, i) => String(2_001 - i));
    const shown = () =>
      tab
        .locator('#audit-body tbody tr')
        .evaluateAll((trs) => trs.map((tr) => (tr as unknown as { dataset: Record<string, string | undefined> }).dataset['id']));
    await expect.poll(shown, { timeout: 10_000 }).toEqual(newest);
    // Rows that come one by one afterwards go on top, once each.
    rows.push(row(2_002), row(2_003));
    await expect.poll(async () => (await shown()).slice(0, 3), { timeout: 10_000 }).toEqual(['2003', '2002', '2001']);
    expect(new Set(await shown()).size).toBe(consoleLimits.defaultAuditLimit);
    expect(await tab.locator('#status').textContent()).toContain(`the newest ${consoleLimits.defaultAuditLimit} are shown`);
  }, 60_000);
});
