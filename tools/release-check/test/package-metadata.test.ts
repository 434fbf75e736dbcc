import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages, repoRoot, workspacePackages } from './workspace-packages.js';

const published = publishedPackages();
const licenseText = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');

describe('published package metadata', () => {
  it('the workspace has published packages, and every @xcap/ folder is one of packages/* or tools/*', () => {
    expect(published.map((p) => p.pkg.name)).toContain('@xcap/catalog');
    expect(published.map((p) => p.pkg.name)).toContain('@xcap/host-testing');
    expect(workspacePackages().every((p) => p.pkg.name.startsWith('@xcap/'))).toBe(true);
  });

  it('typedoc documents every published package (typedoc.json entryPoints)', () => {
    const typedoc = JSON.parse(readFileSync(join(repoRoot, 'typedoc.json'), 'utf8')) as { entryPoints: string[] };
    const covered = (dir: string) =>
      typedoc.entryPoints.some((entry) =>
        entry.endsWith('/*') ? dir.startsWith(entry.slice(0, -1)) && !dir.slice(entry.length - 1).includes('/') : entry === dir,
      );
    expect(published.map((p) => p.dir).filter((dir) => !covered(dir))).toEqual([]);
  });

  it('the root LICENSE is MIT by the xcap authors', () => {
    expect(licenseText.startsWith('MIT License\n\nCopyright (c) 2026 the xcap authors\n')).toBe(true);
  });

  for (const { dir, pkg } of published) {
    describe(pkg.name, () => {
      it('has a LICENSE equal to the root one and a README', () => {
        expect(existsSync(join(repoRoot, dir, 'LICENSE')), `${dir}/LICENSE`).toBe(true);
        expect(readFileSync(join(repoRoot, dir, 'LICENSE'), 'utf8')).toBe(licenseText);
        expect(existsSync(join(repoRoot, dir, 'README.md')), `${dir}/README.md`).toBe(true);
      });

      it('declares license, repository (with its folder), homepage, bugs, keywords, engines and a description', () => {
        expect(pkg.license).toBe('MIT');
        expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/xcap-dev/xcap.git', directory: dir });
        expect(pkg.homepage).toBe(`https://github.com/xcap-dev/xcap/tree/main/${dir}#readme`);
        expect(pkg.bugs).toEqual({ url: 'https://github.com/xcap-dev/xcap/issues' });
        expect(pkg.keywords?.[0]).toBe('xcap');
        expect(pkg.keywords?.length).toBeGreaterThan(2);
        expect(pkg.engines?.node).toBe('>=20.19');
        expect(pkg.description?.length).toBeGreaterThan(20);
      });

      it('ships LICENSE, README and dist without source maps or build info', () => {
        expect(pkg.files).toEqual(expect.arrayContaining(['dist', '!dist/**/*.tsbuildinfo', '!dist/**/*.map', 'README.md', 'LICENSE']));
        const build = JSON.parse(readFileSync(join(repoRoot, dir, 'tsconfig.build.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
        expect(build.compilerOptions).toMatchObject({ sourceMap: false, declarationMap: false });
      });

      it('every entry point has types first, then import, then default (require(esm) on Node ≥ 20.19)', () => {
        const exports = pkg.exports ?? {};
        expect(Object.keys(exports)).toContain('./package.json');
        for (const [key, target] of Object.entries(exports)) {
          if (typeof target === 'string') continue;
          expect(Object.keys(target), key).toEqual(['types', 'import', 'default']);
          expect(target['default'], key).toBe(target['import']);
        }
      });
    });
  }
});
