import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Generation } from '../src/generate.js';
import { checkOutput, writeOutput } from '../src/write-output.js';

const gen: Generation = {
  files: [
    { path: 'src/generated/a.ts', content: '// generated\nexport const a = 1;\n' },
    { path: 'src/generated/types/b.ts', content: '// generated\nexport type B = 2;\n' },
    { path: 'native/X.swift', content: '// generated\nstruct X {}\n' },
  ],
  meta: { catalogSha256: 'ab'.repeat(32), generatorVersion: '9.9.9' },
};

describe('writeOutput and checkOutput', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-out-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x' }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every file and the metadata, then finds nothing to report; a second write changes nothing', () => {
    expect(writeOutput(dir, gen)).toEqual(['src/generated/a.ts', 'src/generated/types/b.ts', 'native/X.swift', 'package.json']);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).xcap).toEqual(gen.meta);
    expect(checkOutput(dir, gen)).toEqual([]);
    expect(writeOutput(dir, gen)).toEqual([]);
  });

  it('names a hand-edited, a missing and an unexpected file, and stale metadata', () => {
    writeOutput(dir, gen);
    writeFileSync(join(dir, 'src/generated/a.ts'), '// generated\nexport const a = 2;\n');
    unlinkSync(join(dir, 'native/X.swift'));
    writeFileSync(join(dir, 'src/generated/old.ts'), 'export {};\n');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', xcap: { catalogSha256: 'old', generatorVersion: '0' } }));
    expect(checkOutput(dir, gen)).toEqual([
      { path: 'src/generated/a.ts', problem: 'stale' },
      { path: 'native/X.swift', problem: 'missing' },
      { path: 'src/generated/old.ts', problem: 'unexpected' },
      { path: 'package.json', problem: 'stale' },
    ]);
    writeOutput(dir, gen);
    expect(checkOutput(dir, gen)).toEqual([]);
  });
});
