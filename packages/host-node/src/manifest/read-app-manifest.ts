import { readFile } from 'node:fs/promises';
import { catalog as builtInCatalog, type Catalog } from '@xcap/catalog';
import type { AppManifest } from './app-manifest.js';
import { checkAppManifest } from './check-app-manifest.js';
import { ManifestError } from './manifest-error.js';

/**
 * Reads and checks an app manifest file (JSON). A file that cannot be read,
 * is not JSON or breaks a rule of `checkAppManifest` throws a
 * `ManifestError` naming the file and every problem.
 */
export async function readAppManifest(file: string, catalog: Catalog = builtInCatalog): Promise<AppManifest> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestError([code === 'ENOENT' ? '/: no such file' : `/: cannot be read (${code ?? String(error)})`], file);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new ManifestError([`/: not JSON (${(error as Error).message})`], file);
  }
  const checked = checkAppManifest(catalog, doc);
  if (!checked.ok) throw new ManifestError(checked.problems, file);
  return checked.manifest;
}
