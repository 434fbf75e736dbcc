import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { requireBuilt } from '../e2e/xcap-process.js';

/** Fails with the command to run when the CLI or the console page (dist/console-page, built by Vite) is not built. */
export function requirePageBuilt(): void {
  requireBuilt();
  const page = fileURLToPath(new URL('../../dist/console-page/console.js', import.meta.url));
  if (!existsSync(page)) throw new Error(`${page} is missing: build the page first (npm run build in packages/host-node, or nx build)`);
}
