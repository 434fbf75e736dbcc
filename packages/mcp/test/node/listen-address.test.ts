import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedHostHeaders, defaultHttpHost, parseListenAddress, urlAuthority } from '../../src/node/listen-address.js';

afterEach(() => vi.restoreAllMocks());

describe('parseListenAddress', () => {
  it('reads a port, host:port, [v6]:port and localhost, the port bounds 0 and 65535 included', () => {
    expect(parseListenAddress('8080')).toEqual({ host: defaultHttpHost, port: 8080, loopback: true });
    expect(parseListenAddress(' 127.0.0.1:0 ')).toEqual({ host: '127.0.0.1', port: 0, loopback: true });
    expect(parseListenAddress('[::1]:65535')).toEqual({ host: '::1', port: 65535, loopback: true });
    expect(parseListenAddress('localhost:1')).toMatchObject({ host: 'localhost', loopback: true });
    expect(parseListenAddress('0.0.0.0:80')).toEqual({ host: '0.0.0.0', port: 80, loopback: false });
  });

  it('refuses a port past 65535 or a value that is not [host:]port, naming the flag', () => {
    expect(() => parseListenAddress('65536')).toThrow(
      new RangeError('--http "65536": not [host:]port (a port 0 to 65535, e.g. 8080 or 127.0.0.1:8080 or [::1]:8080)'),
    );
    expect(() => parseListenAddress('a b:1', '--console')).toThrow(/^--console "a b:1": not \[host:\]port/);
    expect(() => parseListenAddress('127.0.0.1:')).toThrow(RangeError);
    expect(() => parseListenAddress('123456')).toThrow(RangeError);
  });
});

describe('urlAuthority and allowedHostHeaders', () => {
  it('brackets IPv6 hosts', () => {
    expect(urlAuthority('::1', 80)).toBe('[::1]:80');
    expect(urlAuthority('127.0.0.1', 80)).toBe('127.0.0.1:80');
  });

  it('answers the loopback names and the bound address; a wildcard bind adds the interfaces and the host name', () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [{ address: 'fe80::1%eth0' } as os.NetworkInterfaceInfo, { address: '10.0.0.2' } as os.NetworkInterfaceInfo],
    });
    vi.spyOn(os, 'hostname').mockReturnValue('Box');
    expect(allowedHostHeaders('10.0.0.2', 80)).toContain('10.0.0.2:80');
    expect(allowedHostHeaders('10.0.0.2', 80)).not.toContain('box:80');
    expect(allowedHostHeaders('127.0.0.1', 80)).toContain('localhost:80');
    expect(allowedHostHeaders('0.0.0.0', 80)).toEqual(expect.arrayContaining(['[fe80::1]:80', '10.0.0.2:80', 'box:80', '127.0.0.1:80']));
  });
});
