import { readFileSync } from 'node:fs';

/** The fields of a package.json that `ownPackageJson` reads, and the folder it is in. */
export interface OwnPackageJson {
  readonly name: string;
  readonly version: string;
  /** The package's folder (a URL ending in `/`): the base for its files, e.g. `new URL('dist/x/', folder)`. */
  readonly folder: URL;
}

/**
 * The package.json named `name` in the folder of the module at `moduleUrl` or
 * the nearest one above it (its import.meta URL). Walking up finds it from
 * dist/ as from the `xcap` bundle's chunks (dist/cli-bundle/chunks/); the
 * name check skips a package.json of another package on the way. Throws when
 * no folder up to the root holds it.
 */
export function ownPackageJson(moduleUrl: string, name: string): OwnPackageJson {
  for (let dir = new URL('.', moduleUrl); ;) {
    const candidate = readPackageJson(new URL('package.json', dir));
    if (candidate?.name === name) return { name: candidate.name, version: candidate.version, folder: dir };
    const parent = new URL('..', dir);
    if (parent.href === dir.href) throw new Error(`no package.json of ${name} in or above ${moduleUrl}`);
    dir = parent;
  }
}

/** The package.json at `file` parsed, or `undefined` when there is none there. */
function readPackageJson(file: URL): Omit<OwnPackageJson, 'folder'> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as Omit<OwnPackageJson, 'folder'>;
}
