/** The small static pages of the console that need no script (each a whole HTML document). */
export const consolePages = {
  /** What `GET /` shows without a session: only how to get in. */
  signIn: page(
    'xcap console: sign in',
    '<h1>xcap console</h1><p>To open the console, open the address that <code>xcap serve</code> printed on its standard error:</p>' +
      '<pre>xcap serve: console at http://127.0.0.1:…/login?secret=…</pre>' +
      '<p>(or <code>xcap console: at …</code> for <code>xcap console</code>). The secret changes at every start, and each tab ' +
      'signs in with it: the session stays in the tab that opened it.</p>',
  ),
  /** What `GET /login` shows for a wrong or missing secret. */
  badSecret: page(
    'xcap console: wrong secret',
    '<h1>That is not this console’s secret</h1><p>Open the whole address that <code>xcap serve</code> printed on its standard error ' +
      '(<code>xcap serve: console at …</code>); it changes at every start.</p>',
  ),
  /** The shell served at `/` with a session until the page's built assets exist. */
  placeholderShell:
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>xcap console</title>' +
    '<link rel="stylesheet" href="/assets/console.css"></head>' +
    '<body><main id="app"></main><script type="module" src="/assets/console.js"></script></body></html>\n',
} as const;

function page(title: string, body: string): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<link rel="stylesheet" href="/assets/console.css"></head><body><main>${body}</main></body></html>\n`
  );
}
