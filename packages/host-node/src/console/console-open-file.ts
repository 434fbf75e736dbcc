import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { consoleRoutes } from '@xcap/console';

/** The page `--console-open` hands the browser, and how to take it back. */
export interface ConsoleOpenFile {
  /** Its `file://` address: what `xdg-open` gets on its command line (no credential in it). */
  readonly url: string;
  /** Its path. */
  readonly path: string;
  /** Removes the file (and the temporary folder it was made in, if any); never throws. */
  remove(): Promise<void>;
}

/**
 * Writes the page that signs the browser in to the console at `origin` with `secret` without the
 * secret ever being on a command line, in an environment or in an address the browser keeps
 * (Jupyter's `*-open.html` is the model): a form that posts `secret` to `POST /login` as soon as the
 * page loads (a button where script is off). The file is created new, mode 0600, never through a
 * link (`O_EXCL | O_NOFOLLOW`), as `console-open-<random>.html` in `dir` (the data directory, which
 * only its owner reads) or, without one, in a new 0700 temporary folder.
 */
export async function writeConsoleOpenFile(origin: string, secret: string, dir?: string): Promise<ConsoleOpenFile> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'xcap-console-')));
  const path = join(folder, `console-open-${randomBytes(8).toString('hex')}.html`);
  const file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    await file.writeFile(consoleOpenHtml(origin, secret));
  } finally {
    await file.close();
  }
  return {
    url: pathToFileURL(path).href,
    path,
    remove: async () => {
      await rm(dir === undefined ? folder : path, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** The HTML of the open page: `origin` and `secret` are an `http://127.0.0.1:PORT` origin and a base64url secret, escaped anyway. */
function consoleOpenHtml(origin: string, secret: string): string {
  const action = escapeHtml(`${origin}${consoleRoutes.loginForm.path}`);
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    '<title>Opening the xcap console…</title></head><body>' +
    `<form method="post" action="${action}"><input type="hidden" name="secret" value="${escapeHtml(secret)}">` +
    '<p>Opening the xcap console… <button type="submit">Open the console</button></p></form>' +
    '<script>document.forms[0].submit();</script></body></html>\n'
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
