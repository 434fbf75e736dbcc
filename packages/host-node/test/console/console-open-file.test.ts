import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeConsoleOpenFile } from '../../src/console/console-open-file.js';

describe('writeConsoleOpenFile (--console-open)', () => {
  it('writes a new 0600 page into the given folder that posts the secret to /login, and removes only it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-open-file-'));
    const file = await writeConsoleOpenFile('http://127.0.0.1:41234', 'S3cret_-x', dir);
    expect(dirname(file.path)).toBe(dir);
    expect(fileURLToPath(file.url)).toBe(file.path);
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const html = await readFile(file.path, 'utf8');
    expect(html).toContain('<form method="post" action="http://127.0.0.1:41234/login">');
    expect(html).toContain('<input type="hidden" name="secret" value="S3cret_-x">');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    await file.remove();
    await expect(stat(file.path)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(dir)).isDirectory()).toBe(true);
    await file.remove();
  });

  it('without a folder, makes a 0700 temporary one and removes it with the page; what it writes is escaped', async () => {
    const file = await writeConsoleOpenFile('http://127.0.0.1:1', '"><script>x</script>');
    expect((await stat(dirname(file.path))).mode & 0o777).toBe(0o700);
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const html = await readFile(file.path, 'utf8');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
    await file.remove();
    await expect(stat(dirname(file.path))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
