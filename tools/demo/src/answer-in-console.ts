import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';
import { DemoError } from './demo-error.js';

/** What the person saw and did in the console. */
export interface ConsoleAnswers {
  /** The consent sheet's heading and its who-asks line, as the page showed them. */
  readonly sheet: string;
  /** The photo picker's file names, as the page listed them (newest first). */
  readonly offered: readonly string[];
}

/** The headless flags TOOLCHAIN.md gives for this machine (the background-networking ones keep a closed network quiet). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Plays the person at the console: opens `loginUrl` in Debian's headless Chromium (playwright-core,
 * a fresh profile), writes a full-page screenshot of the consent sheet to `screenshot`, clicks
 * `Always allow`, ticks the photos named `choose` in the photo picker, writes a screenshot of it
 * beside (`…-picker.png`), and clicks `Choose`.
 */
export async function answerInConsole(loginUrl: string, choose: readonly string[], screenshot: string): Promise<ConsoleAnswers> {
  const executablePath = ['/usr/bin/chromium', ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'chromium'))].find((path) =>
    existsSync(path),
  );
  if (executablePath === undefined)
    throw new DemoError('the console in Chromium', 'Debian’s chromium (bash scripts/ensure-chromium.sh installs it)', 'none found');
  const profile = await mkdtemp(join(tmpdir(), 'xcap-demo-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: chromiumArgs,
    headless: true,
    viewport: { width: 1100, height: 900 },
  });
  try {
    const page = await context.newPage();
    await page.goto(loginUrl);
    const allow = page.getByRole('button', { name: 'Always allow', exact: true });
    await allow.waitFor({ timeout: 15_000 });
    const sheetCard = page.locator('form.card', { has: allow });
    const sheet = [await sheetCard.locator('h3').textContent(), await sheetCard.locator('.who').textContent()].join(': ');
    await page.screenshot({ path: screenshot, fullPage: true });
    await allow.click();
    const picker = page.locator('form.card:not(.answered)', { has: page.getByRole('button', { name: 'Choose' }) });
    await picker.waitFor({ timeout: 15_000 });
    const offered = await picker.locator('label .name').allTextContents();
    for (const name of choose) await picker.getByRole('checkbox', { name, exact: true }).check();
    // Every thumbnail loaded before the screenshot (evaluated over CDP: waitForFunction would need the 'unsafe-eval' the CSP refuses).
    const deadline = Date.now() + 10_000;
    while ((await page.evaluate("[...document.querySelectorAll('form.card img')].every((img) => img.complete)")) !== true && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await page.screenshot({ path: screenshot.replace(/(\.png)?$/, '-picker.png'), fullPage: true });
    await picker.getByRole('button', { name: 'Choose' }).click();
    await picker.waitFor({ state: 'detached', timeout: 15_000 });
    return { sheet, offered };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
