import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers of every console response (the API's and the pages'). */
export const consoleHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Small helpers of the console's `node:http` handler. */
export const consoleHttp = {
  /** Ends `res` with `status`, a type and a body. */
  send(res: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: Readonly<Record<string, string>> = {}): void {
    res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
  },
  /** Ends `res` with `status` and `value` as JSON. */
  json(res: ServerResponse, status: number, value: unknown): void {
    consoleHttp.send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
  },
  /** Ends `res` with `status` and a plain-text line. */
  text(res: ServerResponse, status: number, line: string): void {
    consoleHttp.send(res, status, 'text/plain; charset=utf-8', `${line}\n`);
  },
  /** Every value of cookie `name` of `req` (a browser sends one per path and domain that set it: a planted one too), in order. */
  cookies(req: IncomingMessage, name: string): string[] {
    const values: string[] = [];
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
    }
    return values;
  },
};
