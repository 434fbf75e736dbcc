import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAsset } from '../src/read-asset.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readAsset', () => {
  it('reads a regular file of at most maxBytes; a larger one, a link, a folder or a missing file is undefined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-asset-'));
    made.push(dir);
    writeFileSync(join(dir, 'a.js'), 'abcd');
    symlinkSync(join(dir, 'a.js'), join(dir, 'linked.js'));
    expect(Buffer.from((await readAsset(join(dir, 'a.js'), 4)) ?? []).toString()).toBe('abcd');
    expect(await readAsset(join(dir, 'a.js'), 3)).toBeUndefined();
    expect(await readAsset(join(dir, 'linked.js'), 4)).toBeUndefined();
    expect(await readAsset(dir, 4)).toBeUndefined();
    expect(await readAsset(join(dir, 'missing.js'), 4)).toBeUndefined();
  });
});
