import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredAuditRow } from '@xcap/audit';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { launchChromium, type LaunchedChromium } from '@xcap/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOpen } from '../src/ask-open.js';
import { askPrint } from '../src/ask-print.js';
import { askSave } from '../src/ask-save.js';
import { consolePageDir } from '../src/console-page-dir.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer, type ConsoleServer } from '../src/console-server.js';
import { agent, agentKey, askConsent, askPhotos } from './asks.js';

/** Where the screenshots go when XCAP_CONSOLE_SHOTS names a folder (to look at every state after a change). */
const shots = process.env['XCAP_CONSOLE_SHOTS'];
/** axe-core's browser build, evaluated in the page (CDP's evaluate is not subject to the page's CSP). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The two screens every state is checked at: a laptop and a phone. */
const widths = [
  [1280, 800],
  [390, 844],
] as const;

let browser: LaunchedChromium;
let server: ConsoleServer;
const requests = new ConsoleRequests();
const dir = mkdtempSync(join(tmpdir(), 'xcap-console-page-'));
const grants = new FileGrantStore(join(dir, 'consent.json'));
const tokens = new FileTokenStore(join(dir, 'tokens.json'));
const minute = (ago: number) => new Date(Date.now() - ago * 60_000).toISOString();
const row = (id: number, status: StoredAuditRow['status'], error: string | null, ago: number): StoredAuditRow => ({
  id,
  at: minute(ago),
  appId: 'acme.album',
  clientId: id % 2 === 0 ? 'token:laptop' : 'run-7f3a9c2e4b1d4e8f9a0b1c2d3e4f5a6b',
  tool: 'photos__list',
  status,
  error,
  argsHash: 'a'.repeat(64),
  durationMs: 12,
  replayed: false,
});
const rows = [row(4, 'denied', 'consentDenied', 1), row(3, 'ok', null, 2), row(2, 'invalid', 'invalidParams', 5), row(1, 'upstream', 'timeout', 9)];

beforeAll(async () => {
  const page = join(consolePageDir(), 'console.js');
  if (!existsSync(page)) throw new Error(`${page} is missing: build the page first (npm run build in packages/console, or nx build)`);
  await grants.set('acme.album', 'photos.read', 'granted');
  await grants.set('acme.album', 'notifications.post', 'denied');
  await tokens.add('laptop');
  server = await startConsoleServer({
    mode: 'serve',
    app: 'acme.album',
    requests,
    stores: { grants, tokens, auditRows: () => Promise.resolve(rows) },
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

/** A signed-in tab of the console, ready, whose browser notifications are recorded in `window.noticed`. */
async function openConsole(permission: 'granted' | 'default' = 'granted'): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.context.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.addInitScript((given: string) => {
    const noticed: string[] = [];
    Object.assign(globalThis, { noticed });
    class RecordedNotification extends EventTarget {
      static permission = given;
      static requestPermission = () => {
        noticed.push('asked');
        RecordedNotification.permission = 'granted';
        return Promise.resolve('granted');
      };
      constructor(title: string, options?: { body?: string }) {
        super();
        noticed.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    Object.defineProperty(globalThis, 'Notification', { value: RecordedNotification });
  }, permission);
  await tab.goto(server.loginUrl);
  await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
  return { tab, errors };
}

/** axe-core's WCAG 2 A and AA violations of the page as it is now (rule id and the first target of each). */
async function violations(tab: Page): Promise<string[]> {
  if (!(await tab.evaluate(() => 'axe' in globalThis))) await tab.evaluate(axeSource);
  return tab.evaluate(async () => {
    const page = globalThis as unknown as {
      document: unknown;
      axe: { run(context: unknown, options: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
    };
    const result = await page.axe.run(page.document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.map((violation) => `${violation.id} ${JSON.stringify(violation.nodes.map((node) => node.target[0]))}`);
  });
}

/** At 1280×800 and 390×844: 0 axe violations, no horizontal scroll; a screenshot of each when XCAP_CONSOLE_SHOTS is set. */
async function checkState(tab: Page, state: string): Promise<void> {
  for (const [width, height] of widths) {
    await tab.setViewportSize({ width, height });
    await expect(violations(tab), `${state} at ${width}×${height}`).resolves.toEqual([]);
    const overflow = await tab.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, `${state} at ${width}×${height} scrolls sideways`).toBeLessThanOrEqual(0);
    if (shots !== undefined) await tab.screenshot({ path: join(shots, `console-${state}-${width}x${height}.png`), fullPage: true });
  }
  await tab.setViewportSize({ width: 1280, height: 800 });
}

/** A sheet a test ends itself: its signal, its detached signal and a deadline `ms` from now. */
function until(ms = 120_000) {
  const signal = new AbortController();
  const detached = new AbortController();
  return { controller: signal, detach: detached, until: { signal: signal.signal, detached: detached.signal, deadline: Date.now() + ms } };
}

describe('the console page against an in-process server (Chromium, axe-core)', () => {
  it('empty, grants, tokens, audit and chart: words not codes, 0 axe violations at both widths, light and dark', async () => {
    const { tab, errors } = await openConsole();
    await expect(tab.title()).resolves.toBe('xcap console · acme.album');
    await tab.getByText('Nothing is waiting.').waitFor();
    await tab.getByText('refused: you said no').waitFor();
    await expect(tab.locator('#audit-body').getByText('failed: the service took too long').count()).resolves.toBe(1);
    await expect(tab.locator('#grants-body').getByText('Always allow').count()).resolves.toBe(1);
    await expect(tab.locator('#grants-body').getByText('Don’t allow').count()).resolves.toBe(1);
    await expect(tab.locator('#tokens-body').getByText('laptop').count()).resolves.toBe(1);
    await expect(tab.locator('body').innerText()).resolves.not.toMatch(/--[a-z]|\b(consentDenied|invalidParams)\b/);
    await checkState(tab, 'empty');
    await tab.emulateMedia({ colorScheme: 'dark' });
    await checkState(tab, 'empty-dark');
    await tab.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('a consent sheet names the agent, the app, the task, the tool and its arguments, why once; Allow once answers allowOnce; the title counts', async () => {
    const { tab, errors } = await openConsole();
    const first = until();
    const reply = askConsent(requests, 'photos.read', 'acme.album', first.until);
    const photos = askPhotos(requests, [{ id: 'ph-1', path: '/nowhere/p1.png' }], 3);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).waitFor({ timeout: 10_000 });
    await tab.getByRole('button', { name: 'Choose', exact: true }).waitFor({ timeout: 10_000 });
    const sheet = tab.locator('form.card[data-kind="consent"]');
    await expect(sheet.locator('.who').innerText()).resolves.toBe('Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to see your photos.');
    await expect(sheet.locator('.tool').innerText()).resolves.toBe('Tool: Lists the photos of the library. photos_list');
    await expect(sheet.locator('dl.arguments').innerText()).resolves.toMatch(/limit\s+20/);
    await expect(sheet.getByText('<b>why</b>').count()).resolves.toBe(1);
    expect(await tab.locator('b').count()).toBe(0);
    await expect(sheet.locator('.time-left').innerText()).resolves.toMatch(/^(1 min 5\d s|2 min) left$/);
    await expect(sheet.locator('button.primary').innerText()).resolves.toBe('Always allow');
    await expect(sheet.locator('button').allInnerTexts()).resolves.toEqual(['Allow once', 'Always allow', 'Don’t allow']);
    await expect(tab.locator('form.card[data-kind="photos"] .who').innerText()).resolves.toBe(
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to choose up to 3 photos.',
    );
    await expect(tab.title()).resolves.toBe('(2) xcap console · acme.album');
    await expect(tab.locator('#announce').innerText()).resolves.toMatch(/new request.*Claude Desktop 1\.2 \(token laptop\) asks, for the app acme\.album/);
    await expect(tab.evaluate(() => (globalThis as unknown as { noticed: string[] }).noticed)).resolves.toEqual([
      'xcap console: a request is waiting: Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to see your photos.',
      'xcap console: a request is waiting: Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to choose up to 3 photos.',
    ]);
    await checkState(tab, 'sheet-and-photos');
    await sheet.getByRole('button', { name: 'Allow once', exact: true }).click();
    await expect(reply).resolves.toBe('allowOnce');
    await tab.locator('form.card[data-kind="consent"]').waitFor({ state: 'detached' });
    await expect(tab.title()).resolves.toBe('(1) xcap console · acme.album');
    const picker = tab.locator('form.card[data-kind="photos"]');
    await picker.getByRole('checkbox').focus();
    await tab.keyboard.press('Escape');
    await expect(photos).resolves.toEqual([]);
    await tab.getByText('Nothing is waiting.').waitFor();
    await expect(tab.title()).resolves.toBe('xcap console · acme.album');
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('open, save and print pickers name the agent and the app; Escape on a sheet dismisses it here, nothing stored', async () => {
    const { tab, errors } = await openConsole();
    const who = { agent, agentKey, signal: new AbortController().signal, deadline: Date.now() + 120_000 };
    const opened = askOpen(requests, {
      app: 'acme.album',
      multiple: true,
      accept: ['application/pdf'],
      files: [{ name: 'report-2026-with-a-rather-long-name.pdf', size: 12_345, path: '/x' }],
      ...who,
    });
    const saved = askSave(requests, { app: 'acme.album', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3, ...who });
    const printed = askPrint(requests, {
      app: 'acme.album',
      documentName: 'Invoice 12.pdf',
      mimeType: 'application/pdf',
      printers: ['Office', 'Home'],
      ...who,
    });
    await tab.getByRole('button', { name: 'Print', exact: true }).waitFor({ timeout: 10_000 });
    await expect(tab.locator('form.card .who').allInnerTexts()).resolves.toEqual([
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to open files you choose.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to save the file album.txt.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to print Invoice 12.pdf.',
    ]);
    await checkState(tab, 'pickers');
    const sheet = until();
    const reply = askConsent(requests, 'photos.read', 'acme.album', sheet.until);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).focus();
    await tab.keyboard.press('Escape');
    await tab.locator('form.card[data-kind="consent"]').waitFor({ state: 'detached' });
    expect(requests.pending().filter((pending) => pending.kind === 'consent')).toHaveLength(1);
    sheet.controller.abort();
    await expect(reply).resolves.toBe('dismiss');
    for (const pending of requests.pending()) requests.answer(pending.id, pending.kind === 'open' ? { names: [] } : { cancel: true });
    await Promise.all([opened, saved, printed]);
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('a detached sheet says the agent stopped waiting; an expired one stays and says nothing was stored; a refused answer is a sentence', async () => {
    const { tab, errors } = await openConsole();
    const late = until();
    const reply = askConsent(requests, 'photos.read', 'acme.album', late.until);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).waitFor({ timeout: 10_000 });
    late.detach.abort();
    await tab.getByText('The agent stopped waiting. Your answer applies to its next call.', { exact: true }).waitFor({ timeout: 10_000 });
    await checkState(tab, 'detached');
    await tab.route('**/api/answer', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'no such pending request (answered, expired or never asked)' }),
      }),
    );
    await tab.getByRole('button', { name: 'Don’t allow', exact: true }).click();
    const problem = tab.locator('form.card .problem');
    await problem.getByText('This request is no longer waiting').waitFor();
    await expect(problem.innerText()).resolves.not.toMatch(/\d{3}|pending request/);
    await checkState(tab, 'error');
    await tab.unroute('**/api/answer');
    late.controller.abort();
    await expect(reply).resolves.toBe('dismiss');
    await tab.locator('form.card[data-kind="consent"]').waitFor({ state: 'detached' });

    const expiring = until(1_500);
    const expired = askConsent(requests, 'photos.read', 'acme.album', expiring.until);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).waitFor({ timeout: 10_000 });
    setTimeout(() => expiring.controller.abort(), 1_600);
    await expect(expired).resolves.toBe('dismiss');
    await tab.getByText('This request expired. Nothing was stored.', { exact: true }).waitFor({ timeout: 10_000 });
    await expect(tab.getByRole('button', { name: 'Always allow' }).count()).resolves.toBe(0);
    await expect(tab.locator('form.card.expired input:not([disabled])').count()).resolves.toBe(0);
    await expect(tab.title()).resolves.toBe('xcap console · acme.album');
    await checkState(tab, 'expired');
    await tab.getByRole('button', { name: 'Close', exact: true }).click();
    await tab.getByText('Nothing is waiting.').waitFor();
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  it('turns browser notifications on with its button (the browser asks once), then shows new cards as notifications', async () => {
    const { tab, errors } = await openConsole('default');
    const button = tab.getByRole('button', { name: 'Turn on browser notifications' });
    await button.click();
    await tab.getByRole('button', { name: 'Browser notifications are on' }).waitFor();
    await expect(tab.getByRole('button', { name: 'Browser notifications are on' }).isDisabled()).resolves.toBe(true);
    const picked = askPhotos(requests, [{ id: 'ph-2', path: '/nowhere/p2.png' }], 1);
    await tab.getByRole('button', { name: 'Choose', exact: true }).waitFor({ timeout: 10_000 });
    await expect(tab.evaluate(() => (globalThis as unknown as { noticed: string[] }).noticed)).resolves.toEqual([
      'asked',
      'xcap console: a request is waiting: Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to choose a photo.',
    ]);
    await tab.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(picked).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await tab.close();
  }, 60_000);

  it('the sign-in page: 0 axe violations at both widths', async () => {
    const tab = await browser.context.newPage();
    await browser.context.clearCookies();
    await tab.goto(server.url);
    await tab.getByText('To open the console').waitFor();
    await checkState(tab, 'sign-in');
    await tab.close();
  }, 60_000);
});
