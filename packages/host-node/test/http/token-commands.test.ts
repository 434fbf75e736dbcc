import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { runCliCaptured } from '../cli/run-cli-captured.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

const xcap = (...argv: string[]) => runCliCaptured(argv);

async function tempData(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'xcap-token-cli-'));
  made.push(dir);
  return join(dir, 'data');
}

describe('xcap token add / list / revoke', () => {
  it('add prints the token once on stdout; list names it; revoke forgets it', async () => {
    const data = await tempData();
    const added = await xcap('token', 'add', 'claude', '--data', data);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^xcap_[A-Za-z0-9_-]{43}\n$/);
    expect(added.stderr).toMatch(/^xcap: token claude added to .*tokens\.json; it is shown only this once/);
    const token = added.stdout.trim();
    const store = new FileTokenStore(tokenFilePath(data));
    expect(await store.verify(token)).toEqual({ name: 'claude' });
    const listed = await xcap('token', 'list', '--data', data);
    expect(listed.stdout).toMatch(/^claude {2}\d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
    expect(listed.stdout).not.toContain(token);
    expect(JSON.parse((await xcap('token', 'list', '--json', '--data', data)).stdout)).toEqual([{ name: 'claude', created: expect.any(String) }]);
    expect(await xcap('token', 'revoke', 'claude', '--data', data)).toEqual({ code: 0, stdout: 'token claude revoked\n', stderr: '' });
    expect(await store.verify(token)).toBeNull();
    expect((await xcap('token', 'list', '--data', data)).stdout).toBe(`no tokens in ${tokenFilePath(data)}\n`);
  });

  it('exits 2 with one line for a taken name, an unknown name and a bad name', async () => {
    const data = await tempData();
    await xcap('token', 'add', 'a', '--data', data);
    const taken = await xcap('token', 'add', 'a', '--data', data);
    expect(taken).toMatchObject({ code: 2, stdout: '' });
    expect(taken.stderr).toMatch(/^xcap: a token named "a" exists in .*: revoke it first \(xcap token revoke a\)\n$/);
    const unknown = await xcap('token', 'revoke', 'b', '--data', data);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^xcap: no token named b in .*tokens\.json\n$/);
    const bad = await xcap('token', 'add', 'a b', '--data', data);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toBe('xcap: "a b" is not a token name (1 to 64 of A-Z a-z 0-9 . _ -, starting with a letter or digit)\n');
  });
});
