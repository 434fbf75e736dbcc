import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, type LaunchedChromium } from '@xcap/test-support';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveFileName } from '../../src/providers/save-file-name.js';
import { auditRows } from '../http/http-workspace.js';
import { connectAgent, runXcap, type Agent } from '../e2e/xcap-process.js';
import { requirePageBuilt } from './require-page-built.js';
import { consoleLoginUrl } from './console-login-url.js';
import { consoleWorkspace, fakePrinters, xssPhotoName, xssWhy, type ConsoleWorkspace } from './console-workspace.js';
import { openConsole, type ConsoleTab } from './open-console.js';
import { rawConsoleRequest } from './raw-console-request.js';

// A real xcap serve child, its providers and a headless Chromium: more than the shared 20 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const denied = (reason: string) => ({ content: [{ type: 'text', text: `denied: ${reason}` }], isError: true });

let ws: ConsoleWorkspace;
let agent: Agent;
let browser: LaunchedChromium;
let tab: ConsoleTab;
/** What each call of this file should have left in the audit log, in order: [tool, status, error]. */
const calls: [string, string, string | null][] = [];
/** The app file of a photo the picker test chose (the print test prints it). */
let pickedFileId = '';

beforeAll(async () => {
  requirePageBuilt();
  ws = await consoleWorkspace();
  [agent, browser] = await Promise.all([
    connectAgent(
      [
        ...['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--files', ws.files],
        ...['--foreground', '--consent', 'console', '--console', '127.0.0.1:0'],
      ],
      { env: { PATH: `${ws.bin}:${process.env.PATH ?? ''}` } },
    ),
    launchChromium(),
  ]);
  tab = await openConsole(browser.context, await consoleLoginUrl(() => agent.stderr()));
  await tab.page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
}, 60_000);

afterAll(async () => {
  await agent?.client.close();
  await browser?.close();
  if (ws !== undefined) await rm(ws.root, { recursive: true, force: true });
});

/** The card of the pending request whose buttons include `button`, once it is shown. */
/** The pending ids of the cards `card` handed out: a card is answered once, and its answer's HTTP reply may reach the page after the agent's result (the next test's card must not be the last one, still on screen). */
const handedOut = new Set<string>();

async function card(button: string): Promise<Locator> {
  const fresh = [...handedOut].map((id) => `:not([data-pending-id="${id}"])`).join('');
  const found = tab.page.locator(`form.card:not(.answered)${fresh}`, { has: tab.page.getByRole('button', { name: button, exact: true }) });
  await found.waitFor({ timeout: 10_000 });
  const id = await found.getAttribute('data-pending-id');
  if (id !== null) handedOut.add(id);
  return found;
}

/** `xcap grants --json` of the workspace. */
async function grants(): Promise<unknown> {
  return JSON.parse((await runXcap(['grants', '--json', '--data', ws.data])).stdout);
}

/** `GET /api/state` from Node with the page's cookie and token. */
async function state(): Promise<{ pending: { id: string; kind: string; title?: string; text?: string; app: string }[] }> {
  const answer = await rawConsoleRequest(tab.origin, 'GET', '/api/state', tab.headers);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body);
}

/** Whether script from a server string ran in the page: the global the XSS photo name sets, or a dialog. */
async function scriptRan(): Promise<unknown> {
  return [await tab.page.evaluate(() => (globalThis as { xssRan?: unknown }).xssRan), tab.dialogs];
}

describe('xcap serve --consent console over stdio, the official v2 client without elicitation, in Chromium', () => {
  it('shows the consent sheet as text (title, who asks for which app to do what, the why as typed); Always allow stores granted and the call runs; the audit row arrives live', async () => {
    const call = agent.client.callTool({ name: 'photos__list', arguments: {} });
    const sheet = await card('Always allow');
    const [pending] = (await state()).pending;
    expect(pending?.kind).toBe('consent');
    expect(await sheet.locator('h3').textContent()).toBe(pending?.title);
    expect(pending?.text).toMatch(/^This app wants to access your photos\. /);
    expect(await sheet.locator('.who').textContent()).toMatch(/acme\.album,? (asks )?to access your photos\.$/);
    expect(await sheet.locator('.app-id').textContent()).toBe('acme.album');
    expect(await sheet.locator('.why-text').textContent()).toBe(xssWhy);
    expect(await sheet.locator('.why-text img').count()).toBe(0);
    expect(await sheet.getByRole('button').allTextContents()).toEqual(['Allow once', 'Always allow', 'Don’t allow']);
    await sheet.getByRole('button', { name: 'Always allow', exact: true }).click();
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { photos: unknown[] }).photos).toHaveLength(4);
    calls.push(['photos__list', 'ok', null]);
    expect(await grants()).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    await sheet.waitFor({ state: 'detached' });
    const newest = tab.page.locator('#audit-body tbody tr').first();
    await newest.filter({ hasText: 'photos__list' }).waitFor({ timeout: 10_000 });
    expect(await newest.locator('td').allTextContents()).toEqual([expect.any(String), 'acme.album', expect.stringMatching(/^run/), 'photos__list', 'done']);
    expect(await scriptRan()).toEqual([undefined, []]);
  });

  it('the grants table shows the grant and its Revoke takes it back', async () => {
    const row = tab.page.locator('#grants-body tbody tr', { hasText: 'photos.read' });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual(['acme.album', 'photos.read', 'Always allow', 'Revoke']);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await grants()).toEqual({});
  });

  it('a sheet nobody answers is dismissed at the consent timeout (--consent-timeout 2): the card says it expired and nothing was stored, nothing is stored, the call answers consentNeeded; a second console in the same browser keeps its own session', async () => {
    const other = await consoleWorkspace();
    const late = await connectAgent(
      [
        ...['--manifest', other.manifest, '--data', other.data, '--photos', other.photos],
        ...['--foreground', '--consent', 'console', '--consent-timeout', '2'],
      ],
      { env: { PATH: `${other.bin}:${process.env.PATH ?? ''}` } },
    );
    try {
      const otherTab = await openConsole(browser.context, await consoleLoginUrl(() => late.stderr()));
      const call = late.client.callTool({ name: 'photos__list', arguments: {} });
      const sheet = otherTab.page.locator('form.card:not(.answered)', { has: otherTab.page.getByRole('button', { name: 'Always allow', exact: true }) });
      await sheet.waitFor({ timeout: 10_000 });
      expect(await call).toMatchObject(denied('consentNeeded'));
      await otherTab.page.getByText('This request expired. Nothing was stored.', { exact: true }).waitFor({ timeout: 10_000 });
      await sheet.waitFor({ state: 'detached', timeout: 10_000 });
      expect(JSON.parse((await runXcap(['grants', '--json', '--data', other.data])).stdout)).toEqual({});
      expect(auditRows(other.data).map((row) => [row.tool, row.status, row.error])).toEqual([['photos__list', 'denied', 'consentNeeded']]);
      // The first console's session survived the second sign-in on the same host.
      expect((await state()).pending).toEqual([]);
      await otherTab.page.close();
    } finally {
      await late.client.close();
      await rm(other.root, { recursive: true, force: true });
    }
  });

  it('Don’t allow stores denied and the call answers consentDenied', async () => {
    const call = agent.client.callTool({ name: 'photos__list', arguments: {} });
    await (await card('Don’t allow')).getByRole('button', { name: 'Don’t allow' }).click();
    expect(await call).toMatchObject(denied('consentDenied'));
    calls.push(['photos__list', 'denied', 'consentDenied']);
    expect(await grants()).toEqual({ 'acme.album': { 'photos.read': 'denied' } });
  });

  it('the photo picker: thumbnails newest first, named by file name (the XSS name as text), at most limit checkable; Choose answers exactly the two chosen', async () => {
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const call = agent.client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
    const picker = await card('Choose');
    expect(await picker.locator('label .name').allTextContents()).toEqual(['Sunset.png', 'Forest walk.png', 'Lake at dawn.png', xssPhotoName]);
    const thumbnails = picker.locator('img');
    expect(await thumbnails.count()).toBe(4);
    // Each thumbnail loaded (the server served the photo's bytes). A string, as this file has no DOM types; evaluated over CDP,
    // since waitForFunction's polling would need the 'unsafe-eval' the console's CSP refuses.
    await expect
      .poll(() => tab.page.evaluate("[...document.querySelectorAll('form.card img')].every((img) => img.naturalWidth > 0)"), { timeout: 10_000 })
      .toBe(true);
    await picker.getByRole('checkbox', { name: 'Lake at dawn.png' }).check();
    expect(await picker.getByRole('checkbox', { name: 'Forest walk.png' }).isEnabled()).toBe(true);
    await picker.getByRole('checkbox', { name: 'Sunset.png' }).check();
    expect(await picker.getByRole('checkbox', { name: 'Forest walk.png' }).isDisabled()).toBe(true);
    expect(await picker.getByRole('checkbox', { name: xssPhotoName }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: 'Choose' }).click();
    const result = await call;
    expect(result.isError).toBeFalsy();
    const photos = (result.structuredContent as { photos: { name: string; fileId: string }[] }).photos;
    pickedFileId = photos[0]?.fileId ?? '';
    const names = photos.map((photo) => photo.name);
    expect(names.sort()).toEqual(['Lake at dawn.png', 'Sunset.png']);
    calls.push(['photos__pick', 'ok', null]);
    expect(await scriptRan()).toEqual([undefined, []]);
  });

  it('the photo picker’s Cancel answers no photo', async () => {
    const call = agent.client.callTool({ name: 'photos__pick', arguments: { limit: 3 } });
    await (await card('Choose')).getByRole('button', { name: 'Cancel' }).click();
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { photos: unknown[] }).photos).toEqual([]);
    calls.push(['photos__pick', 'ok', null]);
  });

  it('the open picker: the folder’s files as radios named by file name; Choose opens the named one', async () => {
    const call = agent.client.callTool({ name: 'files__open', arguments: {} });
    const picker = await card('Choose');
    expect((await picker.getByRole('radio').all()).length).toBe(2);
    await picker.getByRole('radio', { name: 'notes.txt' }).check();
    await picker.getByRole('button', { name: 'Choose' }).click();
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { files: { name: string; size: number }[] }).files).toMatchObject([{ name: 'notes.txt', size: 10 }]);
    calls.push(['files__open', 'ok', null]);
  });

  it('the save dialog: Name filled with the suggested name; Save writes the typed name’s safe form into the folder, nowhere else', async () => {
    const call = agent.client.callTool({ name: 'files__save', arguments: { name: 'album.txt', text: 'my album' } });
    const dialog = await card('Save');
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('album.txt');
    const typed = '../up/My album.txt';
    await name.fill(typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const result = await call;
    expect(result.structuredContent).toEqual({ saved: true });
    calls.push(['files__save', 'ok', null]);
    expect(saveFileName(typed)).not.toBe(typed);
    expect((await readdir(ws.files)).sort()).toEqual([saveFileName(typed), 'data.csv', 'notes.txt'].sort());
    expect(await readFile(join(ws.files, saveFileName(typed)), 'utf8')).toBe('my album');
    expect((await readdir(ws.root)).sort()).toEqual(['app.json', 'bin', 'data', 'files', 'photos']);
  });

  it('the print sheet: the document’s name and type, the printers lpstat lists (as text); Print sends the job to the chosen one, Cancel prints nothing', async () => {
    const call = agent.client.callTool({ name: 'print__print', arguments: { fileId: pickedFileId, name: 'Lake.png' } });
    const sheet = await card('Print');
    expect(await sheet.locator('.document-name').textContent()).toBe('Lake.png');
    expect(await sheet.textContent()).toContain('image/png');
    expect(await sheet.locator('label.choice').allTextContents()).toEqual(fakePrinters);
    await sheet.getByRole('radio', { name: '<b>Laser</b>' }).check();
    await sheet.getByRole('button', { name: 'Print' }).click();
    expect((await call).structuredContent).toEqual({ printed: true });
    calls.push(['print__print', 'ok', null]);
    expect(await readFile(join(ws.bin, 'lp-args'), 'utf8')).toBe('-d\n<b>Laser</b>\n-t\nLake.png\n');
    await rm(join(ws.bin, 'lp-args'));
    const cancelled = agent.client.callTool({ name: 'print__print', arguments: { fileId: pickedFileId } });
    await (await card('Print')).getByRole('button', { name: 'Cancel' }).click();
    expect((await cancelled).structuredContent).toEqual({ printed: false });
    calls.push(['print__print', 'ok', null]);
    expect((await readdir(ws.bin)).sort()).toEqual(['lp', 'lp-input', 'lpstat']);
  });

  it('an answer POST from outside the page (no session, a foreign Origin, no Origin, a GET) is 4xx and changes nothing; a replay after the answer is 4xx', async () => {
    expect((await runXcap(['revoke', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const call = agent.client.callTool({ name: 'photos__list', arguments: {} });
    const sheet = await card('Always allow');
    const [pending] = (await state()).pending;
    const body = JSON.stringify({ id: pending?.id, answer: { reply: 'allow' } });
    const json = { 'content-type': 'application/json' };
    const forged = [
      await rawConsoleRequest(tab.origin, 'POST', '/api/answer', { ...json, origin: tab.origin }, body),
      await rawConsoleRequest(tab.origin, 'POST', '/api/answer', { ...json, ...tab.headers, origin: 'http://evil.example' }, body),
      await rawConsoleRequest(tab.origin, 'POST', '/api/answer', { ...json, ...tab.headers }, body),
      await rawConsoleRequest(tab.origin, 'GET', `/api/answer?id=${pending?.id ?? ''}&reply=allow`, { ...tab.headers, origin: tab.origin }),
    ];
    for (const answer of forged) expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    for (const answer of forged) expect(answer.status, answer.body).toBeLessThan(500);
    expect((await state()).pending.map((request) => request.id)).toEqual([pending?.id]);
    expect(await grants()).toEqual({});
    await sheet.getByRole('button', { name: 'Don’t allow' }).click();
    expect(await call).toMatchObject(denied('consentDenied'));
    calls.push(['photos__list', 'denied', 'consentDenied']);
    const replay = await rawConsoleRequest(tab.origin, 'POST', '/api/answer', { ...json, ...tab.headers, origin: tab.origin }, body);
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.status).toBeLessThan(500);
    expect(await grants()).toEqual({ 'acme.album': { 'photos.read': 'denied' } });
  });

  it('a foreign Host is 4xx, with or without the session; the cookie alone is 401', async () => {
    const port = new URL(tab.origin).port;
    for (const [path, headers] of [
      ['/', { host: `evil.example:${port}` }],
      ['/api/state', { ...tab.headers, host: `evil.example:${port}` }],
      ['/api/state', { ...tab.headers, host: `127.0.0.2:${port}` }],
    ] as const) {
      const answer = await rawConsoleRequest(tab.origin, 'GET', path, headers);
      expect(answer.status, `${path} ${headers.host}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).not.toContain('acme.album');
    }
    expect((await rawConsoleRequest(tab.origin, 'GET', '/api/state', { ...tab.headers, host: new URL(tab.origin).host })).status).toBe(200);
    // The cookie alone (what another port of 127.0.0.1 gets from the browser) opens nothing (issue 33, row 2).
    expect((await rawConsoleRequest(tab.origin, 'GET', '/api/state', { host: new URL(tab.origin).host, cookie: tab.cookie })).status).toBe(401);
  });

  it('every card came without a reload, the page logged no error (no CSP violation), and every call left exactly one audit row with its outcome', async () => {
    expect(tab.errors).toEqual([]);
    expect(await tab.page.evaluate("[globalThis.loadedOnce, performance.getEntriesByType('navigation').length]")).toEqual([true, 1]);
    const rows = auditRows(ws.data)
      .filter((row) => row.clientId === agent.runId)
      .sort((a, b) => a.id - b.id);
    expect(rows.map((row) => [row.tool, row.status, row.error])).toEqual(calls);
    expect(calls).toHaveLength(9);
  });
});
