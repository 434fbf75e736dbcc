import type { BrowserContext, Page } from 'playwright-core';

/** A console page signed in through its login URL, and what a forger would need to copy from it. */
export interface ConsoleTab {
  readonly page: Page;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The session cookie as a `Cookie` header value (`xcap_console_<port>=…`). */
  readonly cookie: string;
  /** Dialogs (alert, confirm) the page opened: script injected through a server string would show here. */
  readonly dialogs: string[];
  /** Errors the page logged or threw (a CSP violation, a failed request, an exception). */
  readonly errors: string[];
}

/**
 * Opens `loginUrl` in a new tab of `context`: the server sets the session cookie and redirects to
 * `/`; resolves once the page has drawn its sections (`body[data-ready]`). With `noEventSource`
 * the tab has no `EventSource` (the page must fall back to polling `/api/state`).
 */
export async function openConsole(context: BrowserContext, loginUrl: URL, options: { noEventSource?: boolean } = {}): Promise<ConsoleTab> {
  const page = await context.newPage();
  if (options.noEventSource === true) await page.addInitScript('delete globalThis.EventSource');
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
  return { page, origin: loginUrl.origin, cookie: `${session.name}=${session.value}`, dialogs, errors };
}
