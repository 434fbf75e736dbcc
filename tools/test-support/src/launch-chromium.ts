import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** The headless flags TOOLCHAIN.md gives for this machine (as root; the background-networking ones keep a closed network quiet). */
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

/** Debian's Chromium: `$XCAP_CHROMIUM`, `/usr/bin/chromium`, or `chromium` on PATH; else it throws naming scripts/ensure-chromium.sh. */
function chromiumPath(): string {
  const candidates = [process.env['XCAP_CHROMIUM'], '/usr/bin/chromium', ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'chromium'))];
  const found = candidates.find((path) => path !== undefined && path !== '' && existsSync(path));
  if (found === undefined)
    throw new Error('no Chromium (/usr/bin/chromium, chromium on PATH): run bash scripts/ensure-chromium.sh (it installs Debian’s chromium)');
  return found;
}

/** A headless Chromium and the fresh profile folder it runs in; `close()` ends the browser and removes the folder. */
export interface LaunchedChromium {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium through playwright-core (never a downloaded build) with the
 * headless flags of TOOLCHAIN.md and a new empty `--user-data-dir` (playwright's persistent
 * context: it passes the folder as that flag).
 */
export async function launchChromium(): Promise<LaunchedChromium> {
  // Loaded here, not at the top: every test that imports @xcap/test-support would pay for it.
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(join(tmpdir(), 'xcap-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: chromiumArgs, headless: true });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
