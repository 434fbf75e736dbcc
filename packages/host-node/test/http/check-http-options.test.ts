import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHttpOptions } from '../../src/mcp/check-http-options.js';
import { serveHttp } from '../../src/mcp/serve-http.js';
import { httpManifest } from './http-workspace.js';
import { errorOf } from '@xcap/test-support';

describe('checkHttpOptions', () => {
  it('answers the parsed address for good values', () => {
    expect(
      checkHttpOptions({
        listen: '[::1]:0',
        allowedHosts: ['xcap.example.com', 'xcap.example.com:8443'],
        allowedOrigins: ['app.example.com'],
        limits: { maxConnections: 1, maxQueuedPerToken: 0, firstByteTimeoutMs: 1 },
      }),
    ).toEqual({ host: '::1', port: 0, loopback: true });
  });

  it.each([
    [{ limits: { maxConnections: 0 } }, 'limits.maxConnections: must be a whole number of at least 1, got 0'],
    [{ limits: { firstByteTimeoutMs: 1.5 } }, 'limits.firstByteTimeoutMs: must be a whole number of at least 1, got 1.5'],
    [{ limits: { maxQueuedPerToken: -1 } }, 'limits.maxQueuedPerToken: must be a whole number of at least 0, got -1'],
    [{ limits: { maxInFlight: Number.NaN } }, 'limits.maxInFlight: must be a whole number of at least 1, got null'],
    [{ allowedHosts: ['a b'] }, '--allowed-host "a b": not host or host:port'],
    [{ allowedOrigins: ['app.example.com:443'] }, '--allowed-origin "app.example.com:443": not a host name'],
    [{ listen: '0.0.0.0:0' }, '--http 0.0.0.0:0: 0.0.0.0 is not a loopback address'],
  ])('%j is a RangeError naming the value', (bad, message) => {
    expect(() => checkHttpOptions({ listen: '127.0.0.1:0', ...bad })).toThrow(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(() => checkHttpOptions({ listen: '127.0.0.1:0', ...bad })).toThrow(RangeError);
  });

  it('serveHttp refuses a bad limit before it opens anything (no data directory made)', async () => {
    const data = join(await mkdtemp(join(tmpdir(), 'xcap-http-limits-')), 'data');
    await expect(
      serveHttp({ manifest: httpManifest, dataDir: data, listen: '127.0.0.1:0', log: () => undefined, limits: { maxConnections: 0 } }),
    ).rejects.toThrow(errorOf(RangeError, /^limits\.maxConnections: /));
    expect(existsSync(data)).toBe(false);
  });
});
