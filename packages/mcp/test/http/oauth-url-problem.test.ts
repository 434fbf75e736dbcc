import { MemoryTokenStore } from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { createHttpHandler, oauthUrlProblem, oauthUrlRule } from '../../src/index.js';

describe('oauthUrlProblem', () => {
  it.each([
    'https://login.example.com',
    'https://login.example.com/realms/xcap',
    'HTTPS://login.example.com:8443/',
    'http://127.0.0.1:8080',
    'http://127.254.3.9/issuer',
    'http://localhost:9000/realms/x',
    'http://LOCALHOST.',
    'http://[::1]:4000',
  ])('admits %s', (url) => {
    expect(oauthUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['http://login.example.com', 'plain http on login.example.com, which is not loopback'],
    ['http://128.0.0.1', 'plain http on 128.0.0.1, which is not loopback'],
    ['http://10.0.0.1/issuer', 'plain http on 10.0.0.1, which is not loopback'],
    ['http://[::2]', 'plain http on [::2], which is not loopback'],
    ['http://localhost.example.com', 'plain http on localhost.example.com, which is not loopback'],
    ['ftp://login.example.com', 'scheme ftp: is neither https: nor http:'],
    ['ws://127.0.0.1', 'scheme ws: is neither https: nor http:'],
    ['file:///etc/issuer', 'scheme file: is neither https: nor http:'],
    ['login.example.com', 'not a URL'],
    ['https://', 'not a URL'],
    ['', 'not a URL'],
    ['https://login.example.com/?realm=x', 'it has a query, fragment or user name'],
    ['https://login.example.com/#x', 'it has a query, fragment or user name'],
    ['https://alice@login.example.com', 'it has a query, fragment or user name'],
    ['https://:secret@login.example.com', 'it has a query, fragment or user name'],
  ])('refuses %j: %s', (url, problem) => {
    expect(oauthUrlProblem(url)).toBe(`${problem}; ${oauthUrlRule}`);
  });

  it('states the rule with its loopback ranges', () => {
    expect(oauthUrlRule).toBe(
      'an OAuth issuer or resource must be an https:// URL, or http:// on loopback (127.0.0.0/8, ::1, localhost), with no query, fragment or user name',
    );
  });
});

describe('createHttpHandler applies the rule', () => {
  const handlerWith = (issuers: readonly string[], resource = 'https://xcap.example.com/mcp') =>
    createHttpHandler({
      server: () => new Server({ name: 'x', version: '0' }, { capabilities: { tools: {} } }),
      tokens: new MemoryTokenStore(),
      allowedHosts: ['127.0.0.1:7777'],
      oauth: { issuers, resource },
    });

  it('refuses an http issuer that is not loopback, naming it and the rule', () => {
    expect(() => handlerWith(['https://a.example.com', 'http://login.example.com'])).toThrow(
      new RangeError(`createHttpHandler: oauth.issuers "http://login.example.com": plain http on login.example.com, which is not loopback; ${oauthUrlRule}`),
    );
  });

  it('refuses an issuer of another scheme and a garbage one', () => {
    expect(() => handlerWith(['ftp://login.example.com'])).toThrow(
      new RangeError(`createHttpHandler: oauth.issuers "ftp://login.example.com": scheme ftp: is neither https: nor http:; ${oauthUrlRule}`),
    );
    expect(() => handlerWith(['not a url'])).toThrow(new RangeError(`createHttpHandler: oauth.issuers "not a url": not a URL; ${oauthUrlRule}`));
  });

  it('refuses a resource that breaks the rule', () => {
    expect(() => handlerWith(['https://login.example.com'], 'http://xcap.example.com/mcp')).toThrow(
      new RangeError(`createHttpHandler: oauth.resource "http://xcap.example.com/mcp": plain http on xcap.example.com, which is not loopback; ${oauthUrlRule}`),
    );
  });

  it('admits https issuers and http ones on loopback', async () => {
    const handler = handlerWith(
      ['https://login.example.com', 'http://127.0.0.1:9000', 'http://localhost:9001', 'http://[::1]:9002'],
      'http://127.0.0.1:7777/mcp',
    );
    await handler.close();
  });
});
