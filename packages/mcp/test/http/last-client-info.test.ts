import { describe, expect, it } from 'vitest';
import { LastClientInfo, maxRememberedClients } from '../../src/http/last-client-info.js';

const initialize = (name: unknown, version: unknown = '1.0') => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name, version } } });

describe('LastClientInfo', () => {
  it('remembers the clientInfo of a client’s last initialize, string fields only', () => {
    const infos = new LastClientInfo();
    infos.remember('token:a', initialize('first'));
    infos.remember('token:a', initialize('second', 2));
    expect(infos.get('token:a')).toEqual({ name: 'second' });
    infos.remember('token:a', initialize(5, '3.0'));
    expect(infos.get('token:a')).toEqual({ version: '3.0' });
    expect(infos.get('token:b')).toBeUndefined();
  });

  it('ignores every other message: another method, no params, a batch, no clientInfo', () => {
    const infos = new LastClientInfo();
    infos.remember('c', { method: 'tools/call', params: { clientInfo: { name: 'x' } } });
    infos.remember('c', { method: 'initialize' });
    infos.remember('c', [initialize('x')]);
    infos.remember('c', { method: 'initialize', params: { clientInfo: 'x' } });
    expect(infos.get('c')).toBeUndefined();
  });

  it(`keeps at most ${maxRememberedClients} clients, forgetting the one least recently initialized`, () => {
    const infos = new LastClientInfo();
    for (let i = 0; i < maxRememberedClients; i += 1) infos.remember(`c${i}`, initialize(`n${i}`));
    infos.remember('c0', initialize('again'));
    expect(infos.get('c1')).toEqual({ name: 'n1', version: '1.0' });
    infos.remember('one-more', initialize('m'));
    expect(infos.get('c1')).toBeUndefined();
    expect(infos.get('c0')).toEqual({ name: 'again', version: '1.0' });
    expect(infos.get(`c${maxRememberedClients - 1}`)).toBeDefined();
  });
});
