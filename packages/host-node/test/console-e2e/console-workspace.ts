import { chmod, copyFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workspace, type Workspace } from '../e2e/xcap-process.js';

/** A manifest `why` that would run script if the page parsed it as HTML. */
export const xssWhy = '<img src=x onerror=alert(document.domain)>';

/** A photo file name that would run script (setting `xssRan`) if the page parsed it as HTML. */
export const xssPhotoName = '<img src=x onerror=globalThis.xssRan=1>.png';

/** The album app the console tests serve: photos (ask, with `xssWhy` as its why), files (pickers), print. */
export const consoleManifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: xssWhy },
    { id: 'files.read', why: 'Open a file for your album.' },
    { id: 'files.write', why: 'Save your album.' },
    { id: 'print.pdf', why: 'Print your album.' },
  ],
};

/** The printers the fake `lpstat -e` lists (the second with markup in its name; CUPS names have no spaces). */
export const fakePrinters = ['Office', '<b>Laser</b>'];

/**
 * The end-to-end workspace plus a files folder (`notes.txt`, `data.csv`), a fourth, oldest photo
 * named `xssPhotoName`, and a `bin` folder with a fake CUPS: `lpstat` lists `fakePrinters`,
 * `lp` writes its arguments (one a line) to `bin/lp-args` and its input to `bin/lp-input`.
 */
export interface ConsoleWorkspace extends Workspace {
  readonly files: string;
  readonly bin: string;
}

/** Makes a `ConsoleWorkspace` under the OS temp folder. */
export async function consoleWorkspace(): Promise<ConsoleWorkspace> {
  const ws = await workspace(consoleManifest, 'xcap-console-e2e-');
  const xss = join(ws.photos, xssPhotoName);
  await copyFile(join(ws.photos, 'Sunset.png'), xss);
  const old = new Date(Date.UTC(2026, 5, 1, 12));
  await utimes(xss, old, old);
  const files = join(ws.root, 'files');
  await mkdir(files);
  await writeFile(join(files, 'notes.txt'), 'the notes\n');
  await writeFile(join(files, 'data.csv'), 'a,b\n1,2\n');
  const bin = join(ws.root, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'lpstat'), `#!/bin/sh\nprintf '%s\\n' ${fakePrinters.map((printer) => `'${printer}'`).join(' ')}\n`);
  await writeFile(join(bin, 'lp'), '#!/bin/sh\nprintf \'%s\\n\' "$@" > "$(dirname "$0")/lp-args"\ncat > "$(dirname "$0")/lp-input"\n');
  await chmod(join(bin, 'lpstat'), 0o755);
  await chmod(join(bin, 'lp'), 0o755);
  return { ...ws, files, bin };
}
