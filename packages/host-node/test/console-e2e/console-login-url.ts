/**
 * Waits (up to `ms`, 15 s by default) for the one stderr line `xcap serve: console at <url>`
 * (or `xcap console: at <url>`) in what a child printed so far, and answers the login URL.
 * Throws quoting stderr when it does not come.
 */
export async function consoleLoginUrl(stderr: () => string, ms = 15_000): Promise<URL> {
  const deadline = Date.now() + ms;
  for (;;) {
    const url = /^xcap (?:serve: console|console:) at (http:\/\/\S+)$/m.exec(stderr())?.[1];
    if (url !== undefined) return new URL(url);
    if (Date.now() > deadline) throw new Error(`no console line on stderr: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
