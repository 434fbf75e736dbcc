import { describe, expect, it } from 'vitest';
import { parseAllowedHost } from '../../src/index.js';

describe('parseAllowedHost', () => {
  it('takes host and host:port apart, lower-cased, IPv6 in brackets', () => {
    expect(parseAllowedHost('Xcap.Example.com')).toEqual({ host: 'xcap.example.com', port: undefined });
    expect(parseAllowedHost('xcap.example.com:8443')).toEqual({ host: 'xcap.example.com', port: '8443' });
    expect(parseAllowedHost('[::1]:80')).toEqual({ host: '[::1]', port: '80' });
  });

  it.each(['', ' ', 'a b', 'http://xcap.example.com', 'xcap.example.com/mcp', 'user@xcap.example.com', 'x:port', '::1', 'x:123456'])(
    '%j is no entry',
    (entry) => expect(parseAllowedHost(entry)).toBeUndefined(),
  );
});
