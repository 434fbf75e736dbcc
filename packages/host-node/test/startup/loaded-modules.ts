import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The `xcap` bundle's folder (scripts/bundle-cli.mjs), as a URL ending in `/`. */
export const bundleUrl = new URL('../../dist/cli-bundle/', import.meta.url);

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The modules the loaded `urls` hold: a file of the `xcap` bundle stands for
 * the modules the bundler put in it (as file URLs of the built dist files, e.g.
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

/** A static import of another bundle file in a bundle file's text: `import … from "./x.js";` or `import "./x.js";` (not `import("./x.js")`). */
const staticImport = /^import\s*(?:[^;'"()]*?\bfrom\s*)?"(\.{1,2}\/[^"]+)";/gm;

/**
 * The modules Node must load and run before `file` (a file of the bundle,
 * relative to it, e.g. `chunks/serve-command-….js`) runs: its own and those of
 * every bundle file it imports statically, transitively, as file URLs of the
 * built dist files (through meta.json). What its dynamic `import()`s load is
 * not in it: that comes when used.
 */
export async function staticClosure(file: string): Promise<string[]> {
  const seen = new Set<string>();
  const todo = [new URL(file, bundleUrl).href];
  while (todo.length > 0) {
    const url = todo.pop() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const text = await readFile(new URL(url), 'utf8');
    for (const match of text.matchAll(staticImport)) todo.push(new URL(match[1] as string, url).href);
  }
  return loadedModules([...seen]);
}
