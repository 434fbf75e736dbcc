import { consolePage, ensureFreshBuild } from '@xcap/test-support';
import { requireBuilt } from '../e2e/xcap-process.js';

/** Makes sure the CLI bundle and the console page (dist/console-page, built by Vite) are built from the current sources (rebuilt once when stale). */
export function requirePageBuilt(): void {
  requireBuilt();
  ensureFreshBuild(consolePage);
}
