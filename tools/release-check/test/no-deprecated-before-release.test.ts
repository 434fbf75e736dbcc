import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { deprecatedTags, wasReleased } from './deprecated-tags.js';
import { publishedPackages, repoRoot } from './workspace-packages.js';

describe('no deprecated alias in a package that was never released (.changeset/README.md)', () => {
  for (const { dir, pkg } of publishedPackages())
    it(`${pkg.name}: ${wasReleased(repoRoot, dir) ? 'released, so it may deprecate names' : 'never released, so no @deprecated tag in src'}`, () => {
      if (wasReleased(repoRoot, dir)) return;
      const found = deprecatedTags(repoRoot, `${dir}/src`).map((tag) => `${tag.file}:${tag.line}: ${tag.text}`);
      expect(found, `${pkg.name} was never released (no CHANGELOG.md): remove the old name and update its consumers instead`).toEqual([]);
    });

  it('finds a @deprecated tag in any source file under src, and only the tag', () => {
    const root = tempDir();
    mkdirSync(join(root, 'p/src/deep'), { recursive: true });
    writeFileSync(join(root, 'p/src/deep/old.ts'), '/** The old name. @deprecated Use `fresh`. */\nexport const old = 1;\n');
    writeFileSync(join(root, 'p/src/tagged.mts'), '/**\n * A thing.\n * @deprecated\n */\nexport const a = 1;\n');
    writeFileSync(join(root, 'p/src/clean.ts'), "// mentions x@deprecated.com and 'deprecated' only\nexport const b = 1;\n");
    writeFileSync(join(root, 'p/notes.ts'), '/** @deprecated outside src */\n');
    expect(deprecatedTags(root, 'p/src')).toEqual([
      { file: 'p/src/deep/old.ts', line: 1, text: '/** The old name. @deprecated Use `fresh`. */' },
      { file: 'p/src/tagged.mts', line: 3, text: '* @deprecated' },
    ]);
  });

  it('counts a package with a CHANGELOG.md as released', () => {
    const root = tempDir();
    mkdirSync(join(root, 'p'));
    expect(wasReleased(root, 'p')).toBe(false);
    writeFileSync(join(root, 'p/CHANGELOG.md'), '# p\n');
    expect(wasReleased(root, 'p')).toBe(true);
  });
});
