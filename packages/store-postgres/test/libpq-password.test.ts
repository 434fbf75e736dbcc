import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@xcap/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { libpqPassword } from '../src/libpq-password.js';

const connection = { host: '127.0.0.1', port: 5432, database: 'xcap', user: 'xcap' };

describe('libpqPassword: where libpq looks for a password the connection string does not hold', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('answers $PGPASSWORD first, even beside a password file', async () => {
    const file = join(tempDir(), 'pgpass');
    writeFileSync(file, '127.0.0.1:5432:xcap:xcap:from-file\n', { mode: 0o600 });
    vi.stubEnv('PGPASSFILE', file);
    vi.stubEnv('PGPASSWORD', 'from-env');
    expect(await libpqPassword(connection)).toBe('from-env');
  });

  it('answers the matching line of $PGPASSFILE (mode 0600), and undefined when no line matches', async () => {
    const file = join(tempDir(), 'pgpass');
    writeFileSync(file, '127.0.0.1:5432:other:xcap:not-this\n*:*:xcap:xcap:from-file\n', { mode: 0o600 });
    vi.stubEnv('PGPASSWORD', undefined);
    vi.stubEnv('PGPASSFILE', file);
    expect(await libpqPassword(connection)).toBe('from-file');
    expect(await libpqPassword({ ...connection, user: 'nobody' })).toBeUndefined();
  });

  it('ignores a password file that others can read, as libpq does', async () => {
    const file = join(tempDir(), 'pgpass');
    writeFileSync(file, '*:*:*:*:world-readable\n', { mode: 0o644 });
    vi.stubEnv('PGPASSWORD', undefined);
    vi.stubEnv('PGPASSFILE', file);
    expect(await libpqPassword(connection)).toBeUndefined();
  });
});
