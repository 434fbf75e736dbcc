import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { tokenPrefix } from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/file-token-store.js';
import { TokenFileError } from '../src/token-file-error.js';
import { tokenFilePath } from '../src/token-file-path.js';
import { tempDir, errorOf } from '@xcap/test-support';

// The token contract (fresh xcap_ tokens, taken names, wrong tokens, list, revoke seen by another instance, names)
// is the tokens section of runStoreConformance in test/stores/store-conformance.test.ts; these are the file's own rules.
describe('FileTokenStore', () => {
  it('still admits a token minted before the xcap_ prefix (43 base64url characters, this one starting with -), whose digest the file holds', async () => {
    const file = tokenFilePath(tempDir());
    const legacy = '-Qm3zZ0rJ8lR1vT9cXkY2pL7nW4sD6fH0gA5bE8uIo1';
    const sha256 = createHash('sha256').update(legacy, 'utf8').digest('base64url');
    writeFileSync(file, `${JSON.stringify({ version: 1, tokens: { old: { sha256, created: '2026-05-01T10:00:00.000Z' } } })}\n`, { mode: 0o600 });
    const store = new FileTokenStore(file);
    expect(await store.verify(legacy)).toEqual({ name: 'old' });
    // A token minted now never starts with - (a command-line bridge would read it as a flag): it starts with the prefix.
    const minted = await store.add('new');
    expect(minted.startsWith(tokenPrefix)).toBe(true);
    expect(await store.verify(legacy)).toEqual({ name: 'old' });
  });

  it('stores only the base64url SHA-256 of a token and its time in tokens.json, mode 0600', async () => {
    const file = tokenFilePath(path.join(tempDir(), 'data'));
    const store = new FileTokenStore(file, { clock: () => new Date('2026-08-01T10:00:00Z') });
    const token = await store.add('claude');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token.slice(tokenPrefix.length));
    expect(JSON.parse(text)).toEqual({
      version: 1,
      tokens: { claude: { sha256: createHash('sha256').update(token, 'utf8').digest('base64url'), created: '2026-08-01T10:00:00.000Z' } },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.verify(token)).toEqual({ name: 'claude' });
    expect(await store.add('other')).not.toBe(token);
    expect(await store.list()).toEqual([
      { name: 'claude', created: '2026-08-01T10:00:00.000Z' },
      { name: 'other', created: '2026-08-01T10:00:00.000Z' },
    ]);
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
    await expect(store.verify('x')).rejects.toThrow(errorOf(TokenFileError, /token file .*tokens\.json: the file is not JSON/));
    rmSync(file);
    const real = await new FileTokenStore(path.join(dir, 'real.json')).add('a');
    symlinkSync(path.join(dir, 'real.json'), file);
    await expect(store.verify(real)).rejects.toThrow(errorOf(TokenFileError, /is a symbolic link/));
    rmSync(file);
    await new FileTokenStore(file).add('c');
    chmodSync(file, 0o666);
    await expect(store.verify('x')).rejects.toThrow(errorOf(TokenFileError, /writable by others \(mode 0666\): run chmod 600 /));
  });
});
