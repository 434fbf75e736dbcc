import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consentAnswer, revokeGrant } from '@xcap/broker';
import type { Verdict } from '@xcap/catalog';
import { describe, expect, it, vi } from 'vitest';
import { FileGrantStore, FileLockError, GrantFileError } from '../src/index.js';
import { runChild, tempDir, errorOf } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const app = 'acme.album';

function setup() {
  const dir = tempDir();
  const file = path.join(dir, 'consent.json');
  return { dir, file, store: new FileGrantStore(file, { onError: () => undefined }) };
}

/** A pid that certainly belongs to no running process: a child that has exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a child');
  return pid;
}

describe('FileGrantStore', () => {
  it('answers undefined for everything when the file does not exist, and creates nothing by reading', async () => {
    const { dir, store } = setup();
    expect(await store.get(app, 'photos.read')).toBeUndefined();
    expect(await store.all()).toEqual({});
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes the spec vocabulary and reads it back, also through a new instance (restart)', async () => {
    const { file, store } = setup();
    await store.set(app, 'photos.read', 'granted');
    await store.set(app, 'files.save', 'denied');
    await store.set('other.app', 'print.pdf', 'granted');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      [app]: { 'photos.read': 'granted', 'files.save': 'denied' },
      'other.app': { 'print.pdf': 'granted' },
    });
    const reopened = new FileGrantStore(file);
    expect(await reopened.get(app, 'photos.read')).toBe('granted');
    expect(await reopened.get(app, 'files.save')).toBe('denied');
    expect(await reopened.get('other.app', 'photos.read')).toBeUndefined();
    expect(await reopened.grantsOf(app)).toEqual({ 'photos.read': 'granted', 'files.save': 'denied' });
  });

  it('overwrites an answer, deletes one, and drops an app with no grants left', async () => {
    const { file, store } = setup();
    await store.set(app, 'photos.read', 'granted');
    await store.set(app, 'photos.read', 'denied');
    expect(await store.get(app, 'photos.read')).toBe('denied');
    await store.delete(app, 'photos.read');
    expect(await store.get(app, 'photos.read')).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
    await store.delete(app, 'never.there');
    await store.delete('no.such.app', 'x');
  });

  it('sees a change another instance (another process) made', async () => {
    const { file, store } = setup();
    const other = new FileGrantStore(file);
    await store.set(app, 'photos.read', 'granted');
    expect(await other.get(app, 'photos.read')).toBe('granted');
    await other.set(app, 'photos.read', 'denied');
    expect(await store.get(app, 'photos.read')).toBe('denied');
  });

  it('is the store consentAnswer and revokeGrant write through', async () => {
    const { store } = setup();
    const asked: Verdict = { verdict: 'ask', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null };
    expect((await consentAnswer(store, app, asked, 'allow')).verdict).toBe('call');
    expect(await store.get(app, 'photos.read')).toBe('granted');
    await revokeGrant(store, app, 'photos.read');
    expect(await store.get(app, 'photos.read')).toBeUndefined();
  });

  it('keeps keys such as __proto__, constructor and ones with / and ~ as plain data', async () => {
    const { file, store } = setup();
    await store.set('__proto__', 'constructor', 'granted');
    await store.set('a/b~c', 'toString', 'denied');
    expect(await store.get('__proto__', 'constructor')).toBe('granted');
    expect(await store.get('a/b~c', 'toString')).toBe('denied');
    expect(await store.get(app, 'constructor')).toBeUndefined();
    expect(await store.get('toString', 'x')).toBeUndefined();
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['__proto__', 'a/b~c']);
    expect(await new FileGrantStore(file).get('__proto__', 'constructor')).toBe('granted');
  });

  it('refuses a grant other than granted/denied and empty or non-string keys', async () => {
    const { store } = setup();
    await expect(store.set(app, 'photos.read', 'yes' as never)).rejects.toThrow(errorOf(TypeError, /granted" or "denied", got "yes"/));
    await expect(store.set('', 'photos.read', 'granted')).rejects.toThrow(TypeError);
    await expect(store.get(app, 42 as never)).rejects.toThrow(errorOf(TypeError, /scope must be a non-empty string/));
  });

  it('writes atomically: no temp or lock file is left, the file is private', async () => {
    const { dir, file, store } = setup();
    for (let i = 0; i < 5; i++) await store.set(app, `s${i}`, 'granted');
    expect(readdirSync(dir)).toEqual(['consent.json']);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  describe('a corrupt or hand-broken file is an error naming the file and the pointer, and is never overwritten', () => {
    const variants: [string, string, RegExp][] = [
      ['empty', '', /the document is empty/],
      ['not JSON', '{"acme.album": {"photos.read": "granted"', /the document is not valid JSON/],
      ['an array', '[]', /the document must be an object of app ids, got an array/],
      ['null', 'null', /the document must be an object of app ids, got null/],
      ['a string', '"granted"', /the document must be an object of app ids, got string "granted"/],
      ['an app that is not an object', '{"acme.album": "granted"}', /\/acme\.album must be an object of scopes, got string "granted"/],
      ['an app that is an array', '{"acme.album": ["photos.read"]}', /\/acme\.album must be an object of scopes, got an array/],
      ['another word', '{"acme.album": {"photos.read": "allowed"}}', /\/acme\.album\/photos\.read must be "granted" or "denied", got "allowed"/],
      ['a boolean', '{"acme.album": {"photos.read": true}}', /\/acme\.album\/photos\.read must be "granted" or "denied", got boolean true/],
      ['null grant', '{"acme.album": {"photos.read": null}}', /\/acme\.album\/photos\.read must be "granted" or "denied", got null/],
      ['a case change', '{"acme.album": {"photos.read": "Granted"}}', /got "Granted"/],
      ['escaped pointer', '{"a/b": {"c~d": 1}}', /\/a~1b\/c~0d must be/],
      ['an empty app id', '{"": {"photos.read": "granted"}}', /\/ is an empty app id/],
      ['an empty scope', '{"acme.album": {"": "granted"}}', /\/acme\.album\/ is an empty scope/],
    ];
    for (const [name, text, pattern] of variants) {
      it(name, async () => {
        const { file, store } = setup();
        writeFileSync(file, text);
        const error = await store.get(app, 'photos.read').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GrantFileError);
        expect((error as GrantFileError).message).toContain(file);
        expect((error as GrantFileError).message).toMatch(pattern);
        await expect(store.all()).rejects.toThrow(GrantFileError);
        await expect(store.set(app, 'photos.read', 'granted')).rejects.toThrow(GrantFileError);
        await expect(store.delete(app, 'photos.read')).rejects.toThrow(GrantFileError);
        expect(readFileSync(file, 'utf8')).toBe(text);
        expect(existsSync(`${file}.lock`)).toBe(false);
      });
    }

    it('names the pointer in the error fields', async () => {
      const { file, store } = setup();
      writeFileSync(file, '{"ok.app": {"x": "granted"}, "acme.album": {"photos.read": 1}}');
      const error = (await store.all().catch((e: unknown) => e)) as GrantFileError;
      expect(error.file).toBe(file);
      expect(error.pointer).toBe('/acme.album/photos.read');
      expect(error.problem).toBe('must be "granted" or "denied", got number 1');
    });

    it('tells onError once per distinct problem, naming the file and the pointer, and again after a fix and a new break', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      const told: GrantFileError[] = [];
      const store = new FileGrantStore(file, { onError: (error) => told.push(error) });
      writeFileSync(file, '{"acme.album": {"photos.read": "yes"}}');
      for (let i = 0; i < 3; i++) await expect(store.get(app, 'photos.read')).rejects.toThrow(GrantFileError);
      await expect(store.set(app, 'photos.read', 'granted')).rejects.toThrow(GrantFileError);
      expect(told.map((e) => [e.file, e.pointer])).toEqual([[file, '/acme.album/photos.read']]);
      writeFileSync(file, '{"acme.album": {"photos.read": 1}}');
      await expect(store.get(app, 'photos.read')).rejects.toThrow(GrantFileError);
      expect(told).toHaveLength(2);
      writeFileSync(file, '{}');
      expect(await store.get(app, 'photos.read')).toBeUndefined();
      writeFileSync(file, '{"acme.album": {"photos.read": "yes"}}');
      await expect(store.get(app, 'photos.read')).rejects.toThrow(GrantFileError);
      expect(told).toHaveLength(3);
      expect(told[0]?.message).toContain(`grant file ${file}: /acme.album/photos.read must be "granted" or "denied"`);
    });

    it('warns on the process by default (one XcapGrantFileWarning per problem)', async () => {
      const file = path.join(tempDir(), 'consent.json');
      const store = new FileGrantStore(file);
      writeFileSync(file, '{');
      const warnings: Error[] = [];
      const listen = (warning: Error) => warnings.push(warning);
      process.on('warning', listen);
      try {
        await expect(store.get(app, 'a')).rejects.toThrow(GrantFileError);
        await expect(store.get(app, 'b')).rejects.toThrow(GrantFileError);
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', listen);
      }
      expect(warnings.map((w) => w.name)).toEqual(['XcapGrantFileWarning']);
      expect(warnings[0]?.message).toContain(file);
    });

    it('works again once the person fixes the file', async () => {
      const { file, store } = setup();
      writeFileSync(file, '{');
      await expect(store.get(app, 'photos.read')).rejects.toThrow(GrantFileError);
      writeFileSync(file, '{"acme.album": {"photos.read": "granted"}}');
      expect(await store.get(app, 'photos.read')).toBe('granted');
    });
  });

  describe('the lock', () => {
    it('takes over a lock left by a dead process at once', async () => {
      const { file, store } = setup();
      const pid = deadPid();
      writeFileSync(`${file}.lock`, JSON.stringify({ pid, host: os.hostname(), at: new Date().toISOString(), nonce: 'dead' }));
      const started = Date.now();
      await store.set(app, 'photos.read', 'granted');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await store.get(app, 'photos.read')).toBe('granted');
      expect(existsSync(`${file}.lock`)).toBe(false);
    });

    it('waits for a live holder, then gives up with a FileLockError naming it', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      const store = new FileGrantStore(file, { lock: { timeoutMs: 300, staleMs: 60_000 } });
      writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString(), nonce: 'live' }));
      const error = (await store.set(app, 'photos.read', 'granted').catch((e: unknown) => e)) as FileLockError;
      expect(error).toBeInstanceOf(FileLockError);
      expect(error.message).toMatch(new RegExp(`could not lock .*consent\\.json\\.lock within 300 ms: held by pid ${process.pid}`));
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(`${file}.lock`, 'utf8')).toContain('"live"');
    });

    it('takes over a lock older than the bound even when its pid is alive (pid reuse)', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      const store = new FileGrantStore(file, { lock: { timeoutMs: 5000, staleMs: 1000 } });
      writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date(Date.now() - 5000).toISOString(), nonce: 'old' }));
      await store.set(app, 'photos.read', 'granted');
      expect(await store.get(app, 'photos.read')).toBe('granted');
    });

    it('takes over a lock whose time lies far in the future, even when its pid is alive', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      const store = new FileGrantStore(file, { lock: { timeoutMs: 2000, staleMs: 60_000 } });
      writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), at: '2099-01-01T00:00:00.000Z', nonce: 'future' }));
      const started = Date.now();
      await store.set(app, 'photos.read', 'granted');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await store.get(app, 'photos.read')).toBe('granted');
      const unreadable = new FileGrantStore(path.join(dir, 'other.json'), { lock: { timeoutMs: 2000, staleMs: 60_000 } });
      writeFileSync(path.join(dir, 'other.json.lock'), 'garbage');
      const future = new Date('2099-01-01T00:00:00Z');
      utimesSync(path.join(dir, 'other.json.lock'), future, future);
      await unreadable.set(app, 'photos.read', 'granted');
    });

    it('keeps a lock written a moment ahead (clock skew within the slack)', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      const store = new FileGrantStore(file, { lock: { timeoutMs: 300, staleMs: 60_000 } });
      writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date(Date.now() + 2000).toISOString(), nonce: 'skewed' }));
      await expect(store.set(app, 'photos.read', 'granted')).rejects.toThrow(FileLockError);
    });

    it('answers a lock path that is a folder or a symbolic link with a FileLockError naming it and the fix', async () => {
      const { dir, file, store } = setup();
      mkdirSync(`${file}.lock`);
      const error = (await store.set(app, 'photos.read', 'granted').catch((e: unknown) => e)) as FileLockError;
      expect(error).toBeInstanceOf(FileLockError);
      expect(error.lockFile).toBe(`${file}.lock`);
      expect(error.message).toBe(
        `the lock file ${file}.lock is a folder, not a lock this program wrote: remove it (rm -r ${file}.lock) once no xcap process uses this folder`,
      );
      const other = path.join(dir, 'other.json');
      symlinkSync(path.join(dir, 'nowhere'), `${other}.lock`);
      await expect(new FileGrantStore(other).set(app, 'photos.read', 'granted')).rejects.toThrow(
        errorOf(FileLockError, /other\.json\.lock is a symbolic link, not a lock/),
      );
    });

    it('treats an unreadable lock by the age of the file', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'consent.json');
      writeFileSync(`${file}.lock`, 'garbage');
      const fresh = new FileGrantStore(file, { lock: { timeoutMs: 200, staleMs: 60_000 } });
      await expect(fresh.set(app, 'a', 'granted')).rejects.toThrow(errorOf(FileLockError, /holds no readable owner/));
      const old = new Date(Date.now() - 120_000);
      utimesSync(`${file}.lock`, old, old);
      await fresh.set(app, 'a', 'granted');
      expect(await fresh.get(app, 'a')).toBe('granted');
    });

    it('clears what killed writers left behind (their temp and half-made lock files) once it holds the lock', async () => {
      const { dir, store } = setup();
      const old = new Date(Date.now() - 120_000);
      const leftovers = [`.tmp-consent.json.0123456789ab`, `consent.json.lock.${deadPid()}.0123456789abcdef`, 'consent.json.lock.stale-0123456789ab'];
      for (const name of leftovers) writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, 'consent.json.lock.stale-0123456789ab'), old, old);
      const waiting = `consent.json.lock.${process.ppid}.fedcba9876543210`;
      const unrelated = ['.tmp-consent.json.bak', 'consent.json.lock.notes', 'other.json'];
      for (const name of [waiting, ...unrelated]) writeFileSync(path.join(dir, name), 'x');
      await store.set(app, 'photos.read', 'granted');
      expect(readdirSync(dir).sort()).toEqual(['consent.json', waiting, ...unrelated].sort());
    });

    it('refuses a symbolic link: reads do not follow it, and a grant neither replaces it nor writes its target', async () => {
      const { dir, file, store } = setup();
      const target = path.join(dir, 'elsewhere.json');
      writeFileSync(target, '{"acme.album": {"photos.read": "granted"}}');
      symlinkSync(target, file);
      const error = (await store.get(app, 'photos.read').catch((e: unknown) => e)) as GrantFileError;
      expect(error).toBeInstanceOf(GrantFileError);
      expect(error.message).toMatch(new RegExp(`grant file ${file}: the document is a symbolic link`));
      await expect(store.set(app, 'photos.read', 'denied')).rejects.toThrow(errorOf(GrantFileError, /is a symbolic link/));
      await expect(store.all()).rejects.toThrow(errorOf(GrantFileError, /is a symbolic link/));
      expect(lstatSync(file).isSymbolicLink()).toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('{"acme.album": {"photos.read": "granted"}}');
    });

    it('refuses a grant file writable by others or by its group, naming the fix', async () => {
      const { file, store } = setup();
      writeFileSync(file, '{"acme.album": {"photos.read": "granted"}}');
      chmodSync(file, 0o666);
      await expect(store.get(app, 'photos.read')).rejects.toThrow(
        errorOf(GrantFileError, `grant file ${file}: the document is writable by others (mode 0666): run chmod 600 ${file}`),
      );
      chmodSync(file, 0o620);
      await expect(store.get(app, 'photos.read')).rejects.toThrow(errorOf(GrantFileError, /is writable by its group \(mode 0620\)/));
      chmodSync(file, 0o644);
      expect(await store.get(app, 'photos.read')).toBe('granted');
    });

    // Giving the file to another user needs root (chown).
    it.skipIf(process.getuid?.() !== 0)('refuses a grant file owned by another user, naming the owner', async () => {
      const { file, store } = setup();
      writeFileSync(file, '{"acme.album": {"photos.read": "granted"}}', { mode: 0o644 });
      chownSync(file, 65534, 65534);
      await expect(store.get(app, 'photos.read')).rejects.toThrow(errorOf(GrantFileError, /is owned by uid 65534, not by you \(uid 0\)/));
      await expect(store.set(app, 'photos.read', 'denied')).rejects.toThrow(GrantFileError);
    });

    it('refuses a grant file that is not a regular file', async () => {
      const { file, store } = setup();
      mkdirSync(file);
      await expect(store.get(app, 'photos.read')).rejects.toThrow(errorOf(GrantFileError, /the document is not a regular file/));
      await expect(store.set(app, 'photos.read', 'granted')).rejects.toThrow(GrantFileError);
    });

    it('loses no write when one process fires many writes at once through two instances', async () => {
      const { file, store } = setup();
      const other = new FileGrantStore(file);
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? store : other).set(app, `s${i}`, 'granted')));
      expect(Object.keys(await store.grantsOf(app)).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `s${i}`).sort());
    });

    it('loses no write when two processes grant 200 distinct scopes each at the same time', async () => {
      const { file, store } = setup();
      const [a, b] = await Promise.all([
        runChild(new URL('./children/grant-writer.ts', import.meta.url), [file, app, 'a', '200']),
        runChild(new URL('./children/grant-writer.ts', import.meta.url), [file, app, 'b', '200']),
      ]);
      for (const end of [a, b]) {
        expect(end.stderr).toBe('');
        expect(end.code).toBe(0);
        expect(end.stdout.trim().split('\n')).toHaveLength(200);
      }
      const grants = await store.grantsOf(app);
      expect(Object.keys(grants)).toHaveLength(400);
      for (let i = 0; i < 200; i++) {
        const expected = i % 3 === 0 ? 'denied' : 'granted';
        expect(grants[`a-${i}`]).toBe(expected);
        expect(grants[`b-${i}`]).toBe(expected);
      }
      expect(readdirSync(path.dirname(file))).toEqual(['consent.json']);
    });
  });
});
