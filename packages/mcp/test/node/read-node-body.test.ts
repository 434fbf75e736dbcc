import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { declaredTooLarge } from '../../src/http/read-limited-body.js';
import { readNodeBody } from '../../src/node/read-node-body.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server answering the size readNodeBody read (or 413), and a POST of `chunks` to it (chunked unless `length` is given). */
async function post(limit: number, chunks: readonly string[], length?: number): Promise<{ status: number; text: string }> {
  const server = createServer((req, res) => {
    void readNodeBody(req, limit).then((body) => {
      res.writeHead(body === null ? 413 : 200, { connection: 'close' });
      res.end(body === null ? 'too large' : String(body.byteLength));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', headers: length === undefined ? {} : { 'content-length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('readNodeBody', () => {
  it('reads a chunked body up to the limit, and answers null one byte past it', async () => {
    expect(await post(10, ['12345', '67890'])).toEqual({ status: 200, text: '10' });
    expect(await post(10, ['12345', '678901'])).toEqual({ status: 413, text: 'too large' });
  });

  it('answers null for a declared length over the limit before reading', async () => {
    expect(await post(10, ['12345678901'], 11)).toEqual({ status: 413, text: 'too large' });
    expect(await post(10, ['1234567890'], 10)).toEqual({ status: 200, text: '10' });
  });
});

describe('declaredTooLarge', () => {
  it('is true only for a Content-Length over the limit', () => {
    expect(declaredTooLarge('11', 10)).toBe(true);
    expect(declaredTooLarge('10', 10)).toBe(false);
    expect(declaredTooLarge(null, 10)).toBe(false);
    expect(declaredTooLarge(undefined, 10)).toBe(false);
  });
});
