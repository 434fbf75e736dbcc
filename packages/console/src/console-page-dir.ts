import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The folder of the page's built assets: `dist/console-page/` of the
 * installed `@xcap/console`, found through Node's resolution of
 * `@xcap/console/package.json` from this module — so it holds from this
 * package's own dist/ (a self-reference), from a bundle's chunks that
 * hold this module (the `xcap` CLI: `@xcap/console` is its dependency) and
 * from packed tarballs installed into a project.
 */
export function consolePageDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@xcap/console/package.json')), 'dist', 'console-page');
}
