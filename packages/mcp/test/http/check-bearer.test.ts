import { describe, expect, it } from 'vitest';
import { checkBearer } from '../../src/http/check-bearer.js';
import { MemoryTokenStore, type TokenStore } from '@xcap/tokens';

const withAuthorization = (authorization?: string) =>
  new Request('http://127.0.0.1:7777/mcp', authorization === undefined ? {} : { headers: { authorization } });

async function store(): Promise<TokenStore> {
  const tokens = new MemoryTokenStore();
  await tokens.add('alice', 'alice-secret-token');
  return tokens;
}

describe('checkBearer', () => {
  it('answers the identity of a known token (scheme without case, spaces around it)', async () => {
    const check = checkBearer(await store(), () => undefined);
    expect(await check(withAuthorization('Bearer alice-secret-token'))).toEqual({ name: 'alice' });
    expect(await check(withAuthorization('bearer   alice-secret-token  '))).toEqual({ name: 'alice' });
  });

  it('no bearer token: 401 with WWW-Authenticate: Bearer realm="xcap"', async () => {
    const check = checkBearer(await store(), () => undefined);
    for (const authorization of [undefined, 'Basic YWxpY2U6eA==', 'Bearer', 'Bearer two words']) {
      const refused = (await check(withAuthorization(authorization))) as Response;
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="xcap"');
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Unauthorized: send Authorization: Bearer <token> (xcap token add <name>)' },
        id: null,
      });
    }
  });

  it('a token the store does not know: 401 with error="invalid_token"', async () => {
    const refused = (await checkBearer(await store(), () => undefined)(withAuthorization('Bearer wrong-token'))) as Response;
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="xcap", error="invalid_token"');
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Unauthorized: unknown or revoked token' }, id: null });
  });

  it('a store that throws: 500, the error told to report', async () => {
    const reported: unknown[] = [];
    const broken: TokenStore = { verify: () => Promise.reject(new Error('EACCES: tokens.json')) };
    const refused = (await checkBearer(broken, (error) => reported.push(error))(withAuthorization('Bearer alice-secret-token'))) as Response;
    expect(refused.status).toBe(500);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Internal error: the token store could not be read' }, id: null });
    expect(reported).toEqual([new Error('EACCES: tokens.json')]);
  });
});
