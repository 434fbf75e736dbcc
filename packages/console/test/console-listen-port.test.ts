import { describe, expect, it } from 'vitest';
import { consoleListenPort } from '../src/console-listen-port.js';

describe('consoleListenPort', () => {
  it('answers the port of 127.0.0.1:PORT, localhost:PORT or PORT (0 to 65535)', () => {
    expect(consoleListenPort('127.0.0.1:0')).toBe(0);
    expect(consoleListenPort('LOCALHOST:65535')).toBe(65535);
    expect(consoleListenPort('8080')).toBe(8080);
  });

  it('refuses another host or a value that is not [host:]port, naming the flag', () => {
    expect(() => consoleListenPort('0.0.0.0:0', '--listen')).toThrow(
      new RangeError('--listen "0.0.0.0:0": the console listens on 127.0.0.1 only (loopback), never 0.0.0.0'),
    );
    expect(() => consoleListenPort('[::1]:80')).toThrow(/never ::1$/);
    expect(() => consoleListenPort('127.0.0.1:65536')).toThrow(/^--console "127.0.0.1:65536": not \[host:\]port/);
  });
});
