import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCliCaptured } from './run-cli-captured.js';

// In-process CLI runs; one asks for a database that is not there.
vi.setConfig({ testTimeout: 60_000 });

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick the photos for your album.' }] };

/** A manifest file and a data directory path that does not exist yet. */
async function folder(): Promise<{ manifest: string; data: string }> {
  const root = await mkdtemp(join(tmpdir(), 'xcap-http-flags-'));
  await writeFile(join(root, 'app.json'), JSON.stringify(manifest));
  return { manifest: join(root, 'app.json'), data: join(root, 'data') };
}

describe('xcap serve --http: a bad HTTP option exits 2 before anything is opened', () => {
  it.each([
    [['--http', '127.0.0.1:0', '--allowed-host', ''], '--allowed-host "": not host or host:port (e.g. xcap.example.com or xcap.example.com:8443)'],
    [['--http', '127.0.0.1:0', '--allowed-host', 'https://xcap.example.com'], '--allowed-host "https://xcap.example.com": not host or host:port'],
    [['--http', '127.0.0.1:0', '--allowed-origin', ''], '--allowed-origin "": not a host name as an Origin has it'],
    [['--http', '127.0.0.1:0', '--allowed-origin', 'https://app.example.com'], '--allowed-origin "https://app.example.com": not a host name'],
    [['--http', '127.0.0.1:99999'], '--http "127.0.0.1:99999": not [host:]port'],
    [['--http', '0.0.0.0:0'], '--http 0.0.0.0:0: 0.0.0.0 is not a loopback address'],
    [['--allowed-origin', 'app.example.com'], '--allowed-origin needs --http'],
    [['--oauth-issuer', 'https://login.example.com'], '--oauth-issuer needs --http'],
    [['--oauth-only'], '--oauth-only needs --http'],
    [['--http', '127.0.0.1:0', '--oauth-scope', 'xcap:call'], '--oauth-scope needs --oauth-issuer <url>'],
    [['--http', '127.0.0.1:0', '--oauth-only'], '--oauth-only needs --oauth-issuer <url>'],
    [['--http', '127.0.0.1:0', '--oauth-resource', 'https://xcap.example.com/mcp'], '--oauth-resource needs --oauth-issuer <url>'],
    [
      ['--http', '127.0.0.1:0', '--oauth-issuer', 'http://login.example.com'],
      '--oauth-issuer "http://login.example.com": plain http on login.example.com, which is not loopback; an OAuth issuer or resource must be an https:// URL, or http:// on loopback (127.0.0.0/8, ::1, localhost)',
    ],
    [
      ['--http', '127.0.0.1:0', '--oauth-issuer', 'ftp://login.example.com'],
      '--oauth-issuer "ftp://login.example.com": scheme ftp: is neither https: nor http:',
    ],
    [['--http', '127.0.0.1:0', '--oauth-issuer', 'login.example.com'], '--oauth-issuer "login.example.com": not a URL; an OAuth issuer'],
    [
      ['--http', '127.0.0.1:0', '--oauth-issuer', 'https://login.example.com/?a=1'],
      '--oauth-issuer "https://login.example.com/?a=1": it has a query, fragment or user name',
    ],
    [
      ['--http', '127.0.0.1:0', '--oauth-issuer', 'https://login.example.com', '--oauth-resource', 'http://xcap.example.com/mcp'],
      '--oauth-resource "http://xcap.example.com/mcp": plain http on xcap.example.com, which is not loopback',
    ],
    [['--http', '127.0.0.1:0', '--oauth-issuer', 'https://login.example.com', '--oauth-scope', 'a b'], '--oauth-scope "a b": not a scope'],
    // Before the store too: the database named here is never asked.
    [['--http', '127.0.0.1:0', '--allowed-host', '', '--store', 'postgres://xcap@127.0.0.1:1/xcap'], '--allowed-host "": not host or host:port'],
  ])('%j → exit 2, one line, no data directory', async (flags, message) => {
    const { manifest: file, data } = await folder();
    const ran = await runCliCaptured(['serve', '--manifest', file, '--data', data, ...flags]);
    expect(ran.stderr).toMatch(/^xcap: [^\n]+\n$/);
    expect(ran.stderr.startsWith(`xcap: ${message}`), ran.stderr).toBe(true);
    expect(ran.code).toBe(2);
    expect(existsSync(data)).toBe(false);
  });
});
