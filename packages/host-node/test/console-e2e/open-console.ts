import type { BrowserContext, Page } from 'playwright-core';

/** A console page signed in through its login URL, and what a forger would need to copy from it. */
export interface ConsoleTab {
  readonly page: Page;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The session cookie as a `Cookie` header value (`xcap_console_<port>=…`): alone it opens nothing under `/api/`. */
  readonly cookie: string;
  /** The headers of the page's own API requests, copied from it: the cookie and the session token of its `sessionStorage`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Dialogs (alert, confirm) the page opened: script injected through a server string would show here. */
  readonly dialogs: string[];
  /** Errors the page logged or threw (a CSP violation, a failed request, an exception). */
  readonly errors: string[];
}

/**
 * Opens `loginUrl` in a new tab of `context`: the server answers the page with its session (a cookie
 * for the shell, a token the page keeps in `sessionStorage`); resolves once the page has drawn its
 * sections (`body[data-ready]`). With `noStream` the tab's event stream is refused (503: the page must
 * fall back to polling `/api/state`).
 */
export async function openConsole(context: BrowserContext, loginUrl: URL, options: { noStream?: boolean } = {}): Promise<ConsoleTab> {
  const page = await context.newPage();
  if (options.noStream === true)
    await page.addInitScript(
      "const fetched = globalThis.fetch; globalThis.fetch = (url, init) => String(url).includes('/api/events') ? Promise.resolve(new Response('', { status: 503 })) : fetched(url, init);",
    );
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(loginUrl.href);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
  const cookies = await context.cookies(loginUrl.origin);
  const session = cookies.find((cookie) => cookie.name === `xcap_console_${loginUrl.port}`);
  if (session === undefined) throw new Error(`no xcap_console_${loginUrl.port} cookie after ${loginUrl.origin}/login: ${JSON.stringify(cookies)}`);
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  const token = await page.evaluate<string | null>("sessionStorage.getItem('xcap-console-session')");
  if (token === null) throw new Error('the page kept no session token in sessionStorage');
  const cookie = `${session.name}=${session.value}`;
  return { page, origin: loginUrl.origin, cookie, headers: { cookie, 'x-xcap-session': token }, dialogs, errors };
}
