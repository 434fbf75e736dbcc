import { describe, expect, it } from 'vitest';
import { checkOrigin, originAllowed } from '../../src/http/check-origin.js';

const withOrigin = (origin?: string) => new Request('http://127.0.0.1:7777/mcp', origin === undefined ? {} : { headers: { origin } });
const passes = (origin: string | undefined, allowed?: readonly string[]) => checkOrigin(allowed)(withOrigin(origin)) === undefined;

describe('checkOrigin', () => {
  it('no Origin header, or a loopback origin, goes on', () => {
    expect(passes(undefined)).toBe(true);
    expect(passes('http://localhost:3000')).toBe(true);
    expect(passes('http://127.0.0.2')).toBe(true);
    expect(passes('http://[::1]:8080')).toBe(true);
  });

  it('allowedOrigins adds host names, compared without case', () => {
    expect(passes('https://console.example.test', ['Console.Example.Test'])).toBe(true);
    expect(passes('https://console.example.test')).toBe(false);
    expect(passes('https://other.example.test', ['console.example.test'])).toBe(false);
  });

  it('a foreign, opaque or unparsable origin answers 403 with the JSON-RPC error body', async () => {
    expect(passes('null')).toBe(false);
    expect(passes('file://')).toBe(false);
    // An origin without a host is never taken, not even by an empty allowedOrigins entry.
    expect(passes('file://', [''])).toBe(false);
    const refused = checkOrigin()(withOrigin('https://evil.test')) as Response;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Forbidden: the Origin is not a loopback origin' }, id: null });
  });
});

describe('originAllowed', () => {
  it('origins: exactly those origins (scheme, host and port), compared as the URL parser writes them', () => {
    const own = { origins: ['http://127.0.0.1:7777'] };
    expect(originAllowed('http://127.0.0.1:7777', own)).toBe(true);
    expect(originAllowed('HTTP://127.0.0.1:7777', own)).toBe(true);
    expect(originAllowed('http://127.0.0.1:7778', own)).toBe(false);
    expect(originAllowed('https://127.0.0.1:7777', own)).toBe(false);
    expect(originAllowed('http://localhost:7777', own)).toBe(false);
    expect(originAllowed('null', own)).toBe(false);
    expect(originAllowed('http://127.0.0.1:7777', { origins: ['not a url'] })).toBe(false);
  });

  it('an absent Origin passes only with absent: true; loopback is off unless asked', () => {
    expect(originAllowed(undefined, {})).toBe(false);
    expect(originAllowed(null, { absent: true })).toBe(true);
    expect(originAllowed('http://localhost:3000', {})).toBe(false);
    expect(originAllowed('http://localhost:3000', { loopback: true })).toBe(true);
  });
});
