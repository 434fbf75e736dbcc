import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { ownPackageJson } from '../../src/own-package-json.js';
import { hostNodeVersion } from '../../src/mcp/host-node-version.js';

/** A package folder `pkg` (package.json named `@acme/pkg`) holding dist/cli-bundle/chunks/, with a foreign package.json at dist/. */
function layout(): { root: string; moduleUrl: string } {
  const root = tempDir();
  const chunks = join(root, 'pkg', 'dist', 'cli-bundle', 'chunks');
  mkdirSync(chunks, { recursive: true });
  writeFileSync(join(root, 'pkg', 'package.json'), JSON.stringify({ name: '@acme/pkg', version: '3.1.4' }));
  writeFileSync(join(root, 'pkg', 'dist', 'package.json'), JSON.stringify({ type: 'module' }));
  return { root, moduleUrl: pathToFileURL(join(chunks, 'chunk-X.js')).href };
}

describe('ownPackageJson', () => {
  it('walks up from a module three folders deep, past a package.json of no name, to the one named', () => {
    const { root, moduleUrl } = layout();
    expect(ownPackageJson(moduleUrl, '@acme/pkg')).toEqual({ name: '@acme/pkg', version: '3.1.4', folder: pathToFileURL(join(root, 'pkg/')) });
  });

  it('throws, naming the package, when no folder up to the root holds it', () => {
    expect(() => ownPackageJson(layout().moduleUrl, '@acme/other')).toThrow(/no package\.json of @acme\/other in or above file:/);
  });

  it("gives hostNodeVersion this package's version", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(hostNodeVersion).toBe(manifest.version);
  });
});
