import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { consolePageDir } from '@xcap/console';
import { requireBuilt } from '../e2e/xcap-process.js';

/** Fails the suite early when the CLI or the console page (built into @xcap/console's dist/console-page/) is not built. */
export function requirePageBuilt(): void {
  requireBuilt();
  const page = join(consolePageDir(), 'console.js');
  if (!existsSync(page)) throw new Error(`${page} is missing: build the page first (npm run build in packages/console, or nx build)`);
}
