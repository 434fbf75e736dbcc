import { catalog as builtInCatalog, parseJsonText, type Catalog } from '@xcap/catalog';
import type { AppManifest } from './app-manifest.js';
import { checkAppManifest } from './check-app-manifest.js';
import { ManifestError } from './manifest-error.js';
import { FileRefusal, readUntrustedFile } from '@xcap/wire/node';

/** The largest manifest file read, in bytes (1 MiB). */
export const maxManifestBytes = 1024 * 1024;

/**
 * Reads and checks an app manifest file (JSON). A file that cannot be read
 * (missing, not a regular file — a FIFO never blocks —, over `maxManifestBytes`),
 * is not JSON or breaks a rule of `checkAppManifest` throws a
 * `ManifestError` naming the file and every problem.
 */
export async function readAppManifest(file: string, catalog: Catalog = builtInCatalog): Promise<AppManifest> {
  // Opened once, without blocking (a FIFO is refused), checked on the open handle and read to at most maxManifestBytes.
  const read = await readUntrustedFile(file, { maxBytes: maxManifestBytes, followLinks: true });
  if (read instanceof FileRefusal)
    throw new ManifestError([read.reason === 'notFound' ? '/: no such file' : `/: cannot be read (${read.reason}: ${read.why})`], file);
  const text = new TextDecoder().decode(read.bytes);
  let doc: unknown;
  try {
    doc = parseJsonText(text);
  } catch (error) {
    // The problem is one line (where and what); the offending line and its caret stay in the cause.
    throw new ManifestError([`/: not JSON: ${(error as Error).message.split('\n')[0] ?? ''}`], file, { cause: error });
  }
  const checked = checkAppManifest(catalog, doc);
  if (!checked.ok) throw new ManifestError(checked.problems, file);
  return checked.manifest;
}
