import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { launchChromium, type LaunchedChromium } from '@xcap/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRows, httpAgent } from '../http/http-workspace.js';
import { killServe, spawnHttpServe } from '../e2e/http-process.js';
import { runXcap, xcapBin } from '../e2e/xcap-process.js';
import { requirePageBuilt } from './require-page-built.js';
import { consoleLoginUrl } from './console-login-url.js';
import { consoleWorkspace, type ConsoleWorkspace } from './console-workspace.js';
import { openConsole } from './open-console.js';
import { rawConsoleRequest } from './raw-console-request.js';

// A real xcap serve --http child, its providers and a headless Chromium: more than the shared 20 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

let browser: LaunchedChromium;
let ws: ConsoleWorkspace;

beforeAll(async () => {
  requirePageBuilt();
  [browser, ws] = await Promise.all([launchChromium(), consoleWorkspace()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (ws !== undefined) await rm(ws.root, { recursive: true, force: true });
});

describe('the console in Chromium, over HTTP and on its own', () => {
  it('xcap serve --http --consent console: a legacy (2025-11-25) client’s call waits for the sheet and the picker in the console (a page whose event stream is refused polls); one audit row', async () => {
    const added = await runXcap(['token', 'add', 'agent', '--data', ws.data]);
    expect(added.code).toBe(0);
    const serve = await spawnHttpServe([
      ...['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--files', ws.files],
      ...['--http', '127.0.0.1:0', '--foreground', '--consent', 'console', '--console', '127.0.0.1:0'],
    ]);
    try {
      // This tab's event stream is refused: the request must reach it by the page's fallback, polling /api/state.
      const tab = await openConsole(browser.context, await consoleLoginUrl(serve.stderr), { noStream: true });
      const client = await httpAgent(serve.url, added.stdout.trim(), 'legacy');
      try {
        expect(client.getProtocolEra()).toBe('legacy');
        const call = client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
        await tab.page.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 10_000 });
        const picker = tab.page.locator('form.card:not(.answered)', { has: tab.page.getByRole('button', { name: 'Choose' }) });
        await picker.getByRole('checkbox', { name: 'Forest walk.png' }).check({ timeout: 10_000 });
        await picker.getByRole('checkbox', { name: 'Lake at dawn.png' }).check();
        await picker.getByRole('button', { name: 'Choose' }).click();
        const result = await call;
        expect(result.isError).toBeFalsy();
        expect((result.structuredContent as { photos: { name: string }[] }).photos.map((photo) => photo.name).sort()).toEqual([
          'Forest walk.png',
          'Lake at dawn.png',
        ]);
        expect(auditRows(ws.data).map((row) => [row.tool, row.status, row.error])).toEqual([['photos__pick', 'ok', null]]);
        const port = new URL(tab.origin).port;
        expect((await rawConsoleRequest(tab.origin, 'GET', '/api/state', { ...tab.headers, host: `evil.example:${port}` })).status).toBeGreaterThanOrEqual(400);
        expect(tab.dialogs).toEqual([]);
      } finally {
        await client.close();
      }
    } finally {
      await killServe(serve);
    }
  });

  it('xcap console --data: an empty pending section (it takes the requests of every xcap serve there); grants, tokens (Add token shows it once, Revoke), the audit log (filtered by status, tool, app) and the chart of the data dir', async () => {
    const child = spawn(process.execPath, [xcapBin, 'console', '--data', ws.data, '--listen', '127.0.0.1:0'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const { page } = await openConsole(browser.context, await consoleLoginUrl(() => stderr));
      // xcap console takes the requests of every xcap serve on its data directory: its pending section is there, empty.
      expect(await page.locator('#pending-empty').textContent({ timeout: 10_000 })).toBe('Nothing is waiting.');
      expect(await page.locator('#grants-body tbody tr').first().locator('td').allTextContents()).toEqual([
        'acme.album',
        'photos.read',
        'Always allow',
        'Revoke',
      ]);
      const auditRow = page.locator('#audit-body tbody tr');
      expect(await auditRow.count()).toBe(1);
      expect((await auditRow.locator('td').allTextContents()).slice(1)).toEqual(['acme.album', expect.any(String), 'photos__pick', 'done']);
      await page.getByRole('combobox', { name: 'Status' }).selectOption('denied');
      await auditRow.first().waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: 'Status' }).selectOption('ok');
      await auditRow.first().waitFor();
      await page.getByRole('searchbox', { name: 'Tool' }).fill('photos__list');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect.poll(() => auditRow.count()).toBe(0);
      await page.getByRole('searchbox', { name: 'Tool' }).fill('photos__pick');
      await page.getByRole('searchbox', { name: 'App' }).fill('acme.album');
      await page.getByRole('button', { name: 'Filter' }).click();
      await auditRow.first().waitFor();
      expect(await auditRow.count()).toBe(1);
      expect(await page.locator('#chart-body svg rect.bar.ok').count()).toBe(1);
      expect(await page.locator('#chart-body figcaption').textContent()).toBe('done: 1');

      await page.getByRole('textbox', { name: 'Token name' }).fill('laptop');
      await page.getByRole('button', { name: 'Add token' }).click();
      const shown = await page.locator('output.token').textContent({ timeout: 10_000 });
      expect(shown).toMatch(/^xcap_[A-Za-z0-9_-]{43}$/);
      const listed = await runXcap(['token', 'list', '--json', '--data', ws.data]);
      expect(
        JSON.parse(listed.stdout)
          .map((token: { name: string }) => token.name)
          .sort(),
      ).toEqual(['agent', 'laptop']);
      expect(listed.stdout).not.toContain(shown);
      const laptop = page.locator('#tokens-body tbody tr', { hasText: 'laptop' });
      await laptop.getByRole('button', { name: 'Revoke' }).click();
      await laptop.waitFor({ state: 'detached' });
      await page.reload();
      await page.locator('body[data-ready="true"]').waitFor();
      expect(await page.locator('#tokens-body').textContent()).not.toContain(shown);
      expect(JSON.parse((await runXcap(['token', 'list', '--json', '--data', ws.data])).stdout).map((token: { name: string }) => token.name)).toEqual([
        'agent',
      ]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
