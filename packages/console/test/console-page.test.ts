import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { launchChromium, type LaunchedChromium } from '@xcap/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePageDir } from '../src/console-page-dir.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer, type ConsoleServer } from '../src/console-server.js';
import { askConsent, askPhotos } from './asks.js';

/** Where the screenshots go when XCAP_CONSOLE_SHOTS names a folder (to look at the page after a change). */
const shots = process.env['XCAP_CONSOLE_SHOTS'];

let browser: LaunchedChromium;
let server: ConsoleServer;
const requests = new ConsoleRequests();
const dir = mkdtempSync(join(tmpdir(), 'xcap-console-page-'));

beforeAll(async () => {
  const page = join(consolePageDir(), 'console.js');
  if (!existsSync(page)) throw new Error(`${page} is missing: build the page first (npm run build in packages/console, or nx build)`);
  server = await startConsoleServer({
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
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  requests.close();
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the console page against an in-process server (Chromium)', () => {
  it('shows a consent sheet with its why as text and answers Allow; a photo picker as a card', async () => {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(server.loginUrl);
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
    const reply = askConsent(requests);
    void askPhotos(requests, [{ id: 'ph-1', path: '/nowhere/p1.png' }], 1);
    await tab.getByRole('button', { name: 'Allow', exact: true }).waitFor({ timeout: 10_000 });
    await expect(tab.getByText('<b>why</b>').count()).resolves.toBeGreaterThan(0);
    expect(await tab.locator('b').count()).toBe(0);
    if (shots !== undefined)
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await tab.setViewportSize({ width, height });
        await tab.screenshot({ path: join(shots, `console-${width}x${height}.png`), fullPage: false });
      }
    await tab.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(reply).resolves.toBe('allow');
    expect(requests.pending().map((pending) => pending.kind)).toEqual(['photos']);
    expect(errors).toEqual([]);
    await tab.close();
  }, 60_000);
});
