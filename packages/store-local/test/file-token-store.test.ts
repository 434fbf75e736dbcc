import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/file-token-store.js';
import { TokenFileError } from '../src/token-file-error.js';
import { TokenNameTakenError } from '../src/token-name-taken-error.js';
import { tokenFilePath } from '../src/token-file-path.js';
import { tempDir } from '@xcap/test-support';

describe('FileTokenStore', () => {
  it('adds a random 32-byte base64url token and stores only its SHA-256, mode 0600', async () => {
    const file = tokenFilePath(path.join(tempDir(), 'data'));
    const store = new FileTokenStore(file, { clock: () => new Date('2026-08-01T10:00:00Z') });
    const token = await store.add('claude');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toEqual({ version: 1, tokens: { claude: { sha256: createHash('sha256').update(token).digest('base64url'), created: '2026-08-01T10:00:00.000Z' } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.verify(token)).toEqual({ name: 'claude' });
    expect(await store.add('other')).not.toBe(token);
    expect(await store.list()).toEqual([
      { name: 'claude', created: '2026-08-01T10:00:00.000Z' },
      { name: 'other', created: '2026-08-01T10:00:00.000Z' },
    ]);
  });

  it('refuses a wrong token, a token with one character changed and the empty token', async () => {
    const store = new FileTokenStore(tokenFilePath(tempDir()));
    const token = await store.add('a');
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [flipped, '', `${token} `, token.slice(1)]) expect(await store.verify(wrong)).toBeNull();
  });

  it('sees a revocation by another store (another process) on the next verify, with no restart', async () => {
    const file = tokenFilePath(tempDir());
    const serving = new FileTokenStore(file);
    const cli = new FileTokenStore(file);
    const token = await cli.add('agent');
    expect(await serving.verify(token)).toEqual({ name: 'agent' });
    expect(await cli.revoke('agent')).toBe(true);
    expect(await serving.verify(token)).toBeNull();
    expect(await cli.revoke('agent')).toBe(false);
    const again = await cli.add('agent');
    expect(await serving.verify(token)).toBeNull();
    expect(await serving.verify(again)).toEqual({ name: 'agent' });
  });

  it('never replaces a token silently and rejects bad names', async () => {
    const store = new FileTokenStore(tokenFilePath(tempDir()));
    await store.add('a');
    await expect(store.add('a')).rejects.toBeInstanceOf(TokenNameTakenError);
    await expect(store.add('../x')).rejects.toThrow(/is not a token name/);
    await expect(store.add('')).rejects.toThrow(/is not a token name/);
  });

  it('loses no token when several stores add at once', async () => {
    const file = tokenFilePath(tempDir());
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, index) => new FileTokenStore(file).add(`agent-${index}`)));
    const store = new FileTokenStore(file);
    expect(await store.list()).toHaveLength(12);
    for (const [index, token] of tokens.entries()) expect(await store.verify(token)).toEqual({ name: `agent-${index}` });
  });

  it('a missing file means no tokens; a broken, linked or others-writable file is a TokenFileError naming the file', async () => {
    const dir = tempDir();
    const file = tokenFilePath(dir);
    const store = new FileTokenStore(file);
    expect(await store.verify('anything')).toBeNull();
    expect(await store.list()).toEqual([]);
    writeFileSync(file, '{"version": 1, "tokens": {"a": {"sha256": "short", "created": "2026-01-01T00:00:00Z"}}}', { mode: 0o600 });
    await expect(store.verify('x')).rejects.toThrow(new TokenFileError(file, '/tokens/a/sha256', 'must be a base64url SHA-256 digest (43 characters)'));
    await expect(store.add('b')).rejects.toBeInstanceOf(TokenFileError);
    expect(readFileSync(file, 'utf8')).toContain('short');
    writeFileSync(file, 'not json');
    await expect(store.verify('x')).rejects.toThrow(/token file .*tokens\.json: the file is not JSON/);
    rmSync(file);
    const real = await new FileTokenStore(path.join(dir, 'real.json')).add('a');
    symlinkSync(path.join(dir, 'real.json'), file);
    await expect(store.verify(real)).rejects.toThrow(/is a symbolic link/);
    rmSync(file);
    await new FileTokenStore(file).add('c');
    chmodSync(file, 0o666);
    await expect(store.verify('x')).rejects.toThrow(/writable by others \(mode 0666\): run chmod 600 /);
  });
});
