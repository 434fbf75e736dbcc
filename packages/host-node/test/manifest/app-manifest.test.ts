import { execFileSync } from 'node:child_process';
import { mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '@xcap/catalog';
import { checkAppManifest } from '../../src/manifest/check-app-manifest.js';
import { maxManifestBytes, readAppManifest } from '../../src/manifest/read-app-manifest.js';
import { ManifestError } from '../../src/manifest/manifest-error.js';
import { isAppId } from '../../src/manifest/app-id.js';

const good = { id: 'acme.album', screens: ['albums', 'page'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }], name: 'Album' };

describe('checkAppManifest', () => {
  it('accepts a good manifest (other package keys left alone) and answers fresh entries', () => {
    const checked = checkAppManifest(catalog, good);
    expect(checked).toEqual({
      ok: true,
      manifest: { id: 'acme.album', screens: ['albums', 'page'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] },
    });
  });

  it.each([
    [null, ['/: not an object {id, screens, capabilities}']],
    [[], ['/: not an object {id, screens, capabilities}']],
    ['app.json', ['/: not an object {id, screens, capabilities} but a string (a file name? read the file with readAppManifest(file))']],
    [{}, ['/: missing key "id"', '/: missing key "screens"', '/: missing key "capabilities"']],
    [{ ...good, id: 7 }, ['/id: not a string']],
    [{ ...good, id: '../x' }, ['/id: not an app id (1 to 128 of A-Z a-z 0-9 . _ -, starting and ending with a letter or digit)']],
    [{ ...good, screens: 'albums' }, ['/screens: not an array']],
    [{ ...good, screens: ['a', '', 'a'] }, ['/screens/1: not a non-empty string', '/screens/2: duplicate of /screens/0']],
    [{ ...good, capabilities: {} }, ['/capabilities: not an array']],
    [{ ...good, capabilities: [{ id: 'photo.read', why: 'x' }] }, ['/capabilities/0/id: no scope "photo.read" in the catalog']],
    [
      { ...good, capabilities: [{ id: 'photos.read' }, { id: 'shell.edit', why: 'x' }] },
      ['/capabilities/0: missing key "why"', '/capabilities/1/id: "shell.edit" is host-only, never an app\'s'],
    ],
  ])('%j → every problem with its JSON pointer', (doc, problems) => {
    expect(checkAppManifest(catalog, doc)).toEqual({ ok: false, problems });
  });

  it('app ids: letters, digits, . _ -, no dot segments or slashes', () => {
    expect(['acme.album', 'a', 'A-1_b.c', 'x'.repeat(128)].every(isAppId)).toBe(true);
    expect(['', '.', '..', '.a', 'a.', 'a/b', 'a b', 'x'.repeat(129), 7, null].some(isAppId)).toBe(false);
  });
});

describe('readAppManifest', () => {
  it('reads and checks a file; errors name the file and the pointer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-manifest-'));
    const file = join(dir, 'app.json');
    await writeFile(file, JSON.stringify(good));
    expect((await readAppManifest(file)).id).toBe('acme.album');

    await writeFile(file, JSON.stringify({ ...good, capabilities: [{ id: 'photos.read', why: ' ' }] }));
    const error = await readAppManifest(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).message).toBe(`invalid manifest ${file}: /capabilities/0/why: empty`);
    expect((error as ManifestError).problems).toEqual(['/capabilities/0/why: empty']);

    await writeFile(file, '{\n  "id": "acme.album",\n  "name" "Album"\n}\n');
    const notJson = (await readAppManifest(file).catch((e: unknown) => e)) as ManifestError;
    expect(notJson.problems).toEqual([`/: not JSON: line 3, column 10: expected ':' after the property name, found '"'`]);
    expect((notJson.cause as Error).message).toBe(`line 3, column 10: expected ':' after the property name, found '"'\n    "name" "Album"\n           ^`);
    expect(((await readAppManifest(join(dir, 'none.json')).catch((e: unknown) => e)) as Error).message).toBe(
      `invalid manifest ${join(dir, 'none.json')}: /: no such file`,
    );
  });

  it('never blocks on a FIFO, refuses a manifest over 1 MiB, follows a link the user named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-manifest-'));
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const blocked = await Promise.race([readAppManifest(fifo).catch((e: unknown) => e), new Promise((resolve) => setTimeout(() => resolve('blocked'), 2000))]);
    expect((blocked as Error).message).toBe(`invalid manifest ${fifo}: /: cannot be read (unreadable: is not a regular file (a FIFO))`);

    const big = join(dir, 'big.json');
    await writeFile(big, JSON.stringify({ ...good, name: 'x'.repeat(maxManifestBytes) }));
    expect(((await readAppManifest(big).catch((e: unknown) => e)) as Error).message).toMatch(
      /^invalid manifest .*: \/: cannot be read \(tooLarge: has \d+ bytes, at most 1048576 are read\)$/,
    );

    const real = join(dir, 'real.json');
    await writeFile(real, JSON.stringify(good));
    await symlink(real, join(dir, 'link.json'));
    expect((await readAppManifest(join(dir, 'link.json'))).id).toBe('acme.album');
  });
});
