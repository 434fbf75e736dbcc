import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths, defaultDataDir } from '../src/index.js';

describe('defaultDataDir', () => {
  it('is $XDG_DATA_HOME/xcap when that is an absolute path', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/srv/data', HOME: '/home/ann' })).toBe(path.join('/srv/data', 'xcap'));
  });

  it('is ~/.local/share/xcap otherwise (unset, empty or relative XDG_DATA_HOME)', () => {
    for (const XDG_DATA_HOME of [undefined, '', 'relative/dir']) {
      expect(defaultDataDir({ XDG_DATA_HOME, HOME: '/home/ann' })).toBe(path.join('/home/ann', '.local', 'share', 'xcap'));
    }
  });

  it('falls back to the OS home folder without HOME, and reads process.env by default', () => {
    expect(defaultDataDir({})).toBe(path.join(os.homedir(), '.local', 'share', 'xcap'));
    expect(path.isAbsolute(defaultDataDir())).toBe(true);
  });
});

describe('dataPaths', () => {
  it('names every store inside the data directory', () => {
    expect(dataPaths('/var/lib/xcap')).toEqual({
      dir: '/var/lib/xcap',
      consent: '/var/lib/xcap/consent.json',
      files: '/var/lib/xcap/files',
      audit: '/var/lib/xcap/audit.sqlite',
      notifications: '/var/lib/xcap/notifications.json',
    });
  });

  it('resolves a relative directory against the working directory', () => {
    expect(dataPaths('data').consent).toBe(path.resolve('data', 'consent.json'));
  });

  it('refuses an empty or NUL-containing directory', () => {
    expect(() => dataPaths('')).toThrow(/non-empty string/);
    expect(() => dataPaths('a\0b')).toThrow(/NUL/);
    expect(() => dataPaths(undefined as never)).toThrow(TypeError);
  });
});
