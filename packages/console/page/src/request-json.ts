/**
 * The JSON answer of a console API request: a GET, or with `body` a same-origin POST of JSON
 * (the browser adds `Origin`, the session cookie goes along). Throws an `Error` naming the status and the server's `error` text on a non-2xx answer.
 */
export async function requestJson<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { credentials: 'same-origin' }
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' };
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // Not JSON: the text body is the message.
    }
    throw new Error(`${response.status}: ${message}`);
  }
  return JSON.parse(text) as T;
}
