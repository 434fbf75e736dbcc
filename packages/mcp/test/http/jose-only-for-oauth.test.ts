import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));

describe('jose is loaded only where OAuth is configured', () => {
  it('only create-oauth-verifier.ts imports jose, and only a dynamic import reaches that module (type imports are erased)', () => {
    const importers = files.filter((file) => /from 'jose'/.test(readFileSync(join(src, file), 'utf8')));
    expect(importers).toEqual([join('http', 'create-oauth-verifier.ts')]);
    const statically = files.filter((file) => /^import (?!type )[^;(]*from '\.\/create-oauth-verifier\.js'/m.test(readFileSync(join(src, file), 'utf8')));
    expect(statically).toEqual([]);
  });
});
