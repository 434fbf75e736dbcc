import { describe, expect, it } from 'vitest';
import { checkHost, hostAllowed } from '../../src/http/check-host.js';

const withHost = (host?: string) => new Request('http://127.0.0.1:7777/mcp', host === undefined ? {} : { headers: { host } });
const passes = (allowed: readonly string[], host?: string) => checkHost(allowed)(withHost(host)) === undefined;

describe('checkHost', () => {
  it('host:port entries take exactly that port; a header without a port means port 80', () => {
    expect(passes(['127.0.0.1:7777'], '127.0.0.1:7777')).toBe(true);
    expect(passes(['127.0.0.1:7777'], '127.0.0.1:7778')).toBe(false);
    expect(passes(['127.0.0.1:7777'], '127.0.0.1')).toBe(false);
    expect(passes(['example.test:80'], 'example.test')).toBe(true);
  });

  it('a bare host takes any port; names compare without case; IPv6 in brackets', () => {
    expect(passes(['Example.Test'], 'example.test:8443')).toBe(true);
    expect(passes(['example.test'], 'EXAMPLE.TEST')).toBe(true);
    expect(passes(['[::1]:7777'], '[::1]:7777')).toBe(true);
    expect(passes(['[::1]:7777'], '[::2]:7777')).toBe(false);
  });

  it('a missing, foreign or malformed Host answers 403 with the JSON-RPC error body', async () => {
    expect(passes(['localhost:7777'])).toBe(false);
    expect(passes(['localhost:7777'], 'evil.test:7777')).toBe(false);
    expect(passes(['localhost:7777'], 'user@localhost:7777')).toBe(false);
    const refused = checkHost(['localhost:7777'])(withHost('evil.test')) as Response;
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Forbidden: the Host header does not name this server' },
      id: null,
    });
  });

  it('an entry that is not host or host:port is a TypeError naming it', () => {
    expect(() => checkHost(['http://localhost:7777'])).toThrow(
      new TypeError('createHttpHandler: allowedHosts entry "http://localhost:7777" is not host or host:port'),
    );
  });
});

describe('hostAllowed', () => {
  it('is the same comparison on a bare header: exact port, no port = 80, without case; missing or malformed never matches', () => {
    expect(hostAllowed('127.0.0.1:7777', ['127.0.0.1:7777', 'localhost:7777'])).toBe(true);
    expect(hostAllowed('LOCALHOST:7777', ['127.0.0.1:7777', 'localhost:7777'])).toBe(true);
    expect(hostAllowed('127.0.0.1:7778', ['127.0.0.1:7777'])).toBe(false);
    expect(hostAllowed('127.0.0.1', ['127.0.0.1:7777'])).toBe(false);
    expect(hostAllowed(undefined, ['127.0.0.1:7777'])).toBe(false);
    expect(hostAllowed('user@127.0.0.1:7777', ['127.0.0.1:7777'])).toBe(false);
    expect(hostAllowed('127.0.0.1:7777', ['not a host'])).toBe(false);
  });
});
