import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseJsonText } from '@xcap/catalog';

/**
 * Where the built-in catalog document (the catalog `@xcap/catalog` was
 * generated from, its cases included) ships: `dist/capabilities.json` of
 * `@xcap/host-testing`, copied from `fixtures/capabilities.json` by the
 * package's build and exported as `@xcap/host-testing/capabilities.json`.
 */
export const builtinCasesPath: string = fileURLToPath(new URL('../../dist/capabilities.json', import.meta.url));

/** The built-in catalog document, or why it cannot be used. */
export type BuiltinCases = { readonly doc: unknown; readonly path: string } | { readonly error: string };

/**
 * Reads the built-in catalog document and checks that it is the very
 * document the installed `@xcap/catalog` was generated from (its SHA-256
 * equals `xcap.catalogSha256` in that package's package.json), so the
 * replayed cases are never stale against the catalog in use.
 */
export async function loadBuiltinCases(path: string = builtinCasesPath): Promise<BuiltinCases> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { error: missing ? `${path} is missing (the package's build copies it: run \`npm run build\`)` : `cannot read ${path}: ${message(error)}` };
  }
  const expected = await catalogSha256();
  if (typeof expected !== 'string') return { error: expected.error };
  const actual = createHash('sha256').update(text).digest('hex');
  if (actual !== expected) {
    return {
      error: `${path} (sha256 ${actual}) is not the catalog the installed @xcap/catalog was generated from (sha256 ${expected}): install matching versions of @xcap/host-testing and @xcap/catalog`,
    };
  }
  try {
    return { doc: parseJsonText(text), path };
  } catch (error) {
    return { error: `${path}: not JSON: ${message(error)}` };
  }
}

async function catalogSha256(): Promise<string | { error: string }> {
  try {
    const file = createRequire(import.meta.url).resolve('@xcap/catalog/package.json');
    const pkg = JSON.parse(await readFile(file, 'utf8')) as { xcap?: { catalogSha256?: unknown } };
    const sha = pkg.xcap?.catalogSha256;
    return typeof sha === 'string' ? sha : { error: `${file} records no xcap.catalogSha256` };
  } catch (error) {
    return { error: `cannot read the package.json of @xcap/catalog: ${message(error)}` };
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
