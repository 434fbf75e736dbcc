import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The `xcap` bundle's folder (scripts/bundle-cli.mjs), as a URL ending in `/`. */
export const bundleUrl = new URL('../../dist/cli-bundle/', import.meta.url);

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The modules the loaded `urls` hold: a file of the `xcap` bundle stands for
 * the modules esbuild put in it (as file URLs of the built dist files, e.g.
 * …/packages/store-postgres/dist/index.js, read from the bundle's meta.json),
 * every other URL (Node's built-ins, third-party packages) for itself.
 */
export async function loadedModules(urls: readonly string[]): Promise<string[]> {
  const meta = JSON.parse(await readFile(new URL('meta.json', bundleUrl), 'utf8')) as { modules: Record<string, string[]> };
  return urls.flatMap((url) => {
    if (!url.startsWith(bundleUrl.href)) return [url];
    const inputs = meta.modules[url.slice(bundleUrl.href.length)];
    if (inputs === undefined) throw new Error(`${url} is not in the bundle's meta.json: rebuild (npm run build)`);
    return inputs.map((input) => pathToFileURL(`${packageRoot}${input}`).href);
  });
}
