import { request } from 'node:http';

/** Status and body of one request a test speaks to the console from Node (not the browser), with any headers it likes. */
export interface RawAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * Sends `method path` to the console at `origin` with exactly `headers` (Host included when
 * given: node:http sends what it is told, unlike fetch) and `body`; resolves with the answer.
 */
export function rawConsoleRequest(origin: string, method: string, path: string, headers: Readonly<Record<string, string>>, body?: string): Promise<RawAnswer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
