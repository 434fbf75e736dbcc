import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { buildStamp, bundleInputs, ensureFreshBuild, staleReason, type BuildOutput } from '../src/ensure-fresh-build.js';
import { tempDir } from '../src/temp-dir.js';

/** Writes `file` (its folders too) with modification time `seconds` after the epoch. */
function write(file: string, seconds: number, text = ''): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, seconds, seconds);
  return file;
}

/** A package folder with src/a.ts and src/deep/b.ts (time 100) and dist/out.js (time 200). */
function project(): { readonly root: string; readonly build: BuildOutput } {
  const root = tempDir();
  write(join(root, 'src/a.ts'), 100);
  write(join(root, 'src/deep/b.ts'), 100);
  write(join(root, 'dist/out.js'), 200);
  return { root, build: { project: '@fixture/none', output: join(root, 'dist/out.js'), inputs: [join(root, 'src')] } };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('staleReason', () => {
  it('is undefined when every input is older than the output', () => {
    expect(staleReason(project().build)).toBeUndefined();
  });

  it('names a source newer than the output, however deep in its folder', () => {
    const { root, build } = project();
    write(join(root, 'src/deep/b.ts'), 300);
    expect(staleReason(build)).toMatch(/src\/deep\/b\.ts is newer than .*dist\/out\.js$/);
  });

  it('names a missing output, and a bundle whose metafile is missing', () => {
    const { root, build } = project();
    expect(staleReason({ ...build, output: join(root, 'dist/gone.js') })).toBe(`${join(root, 'dist/gone.js')} is missing`);
    expect(staleReason({ ...build, bundle: { metafile: join(root, 'dist/meta.json'), workingDir: root } })).toMatch(
      /meta\.json \(the bundle's list of inputs\) is missing$/,
    );
  });

  it('counts what a bundle holds: a dist module newer than the bundle, and the source of a dist module', () => {
    const { root, build } = project();
    const other = join(root, '../other');
    write(join(other, 'dist/x.js'), 150);
    write(join(other, 'src/x.ts'), 150);
    write(join(root, 'dist/meta.json'), 200, JSON.stringify({ modules: { 'main.js': ['../other/dist/x.js'] } }));
    const bundled: BuildOutput = { ...build, bundle: { metafile: join(root, 'dist/meta.json'), workingDir: root } };
    expect(staleReason(bundled)).toBeUndefined();
    write(join(other, 'src/x.ts'), 250);
    expect(staleReason(bundled)).toMatch(/other\/src\/x\.ts is newer than/);
  });
});

describe('staleReason after a build through ensureFreshBuild', () => {
  it("counts the project's stamp as the build's time: nx replays a cached build with the cached files' old times", () => {
    const { root, build } = project();
    const replayed: BuildOutput = { ...build, project: `@fixture/stamp-${process.pid}` };
    write(join(root, 'src/a.ts'), 300);
    expect(staleReason(replayed)).toMatch(/src\/a\.ts is newer than/);
    const stamp = write(buildStamp(replayed.project), 400);
    try {
      expect(staleReason(replayed)).toBeUndefined();
      write(join(root, 'src/a.ts'), 500);
      expect(staleReason(replayed)).toMatch(/src\/a\.ts is newer than/);
    } finally {
      rmSync(stamp, { force: true });
    }
  });
});

describe('bundleInputs', () => {
  it("reads esbuild's inputs and bundle-cli's modules, each dist module followed by its existing source", () => {
    const root = tempDir();
    write(join(root, 'pkg/src/a.ts'), 1);
    write(join(root, 'meta.json'), 1, JSON.stringify({ inputs: { 'pkg/dist/a.js': {}, 'pkg/dist/b.js': {}, 'lib/c.mjs': {} } }));
    expect(bundleInputs(join(root, 'meta.json'), root)).toEqual([
      join(root, 'pkg/dist/a.js'),
      join(root, 'pkg/src/a.ts'),
      join(root, 'pkg/dist/b.js'),
      join(root, 'lib/c.mjs'),
    ]);
    write(join(root, 'modules.json'), 1, JSON.stringify({ modules: { 'main.js': ['pkg/dist/a.js'], 'chunks/c.js': ['pkg/dist/a.js', 'lib/c.mjs'] } }));
    expect(bundleInputs(join(root, 'modules.json'), root)).toEqual([join(root, 'pkg/dist/a.js'), join(root, 'pkg/src/a.ts'), join(root, 'lib/c.mjs')]);
  });

  it('refuses a metafile that lists nothing', () => {
    const root = tempDir();
    write(join(root, 'meta.json'), 1, '{}');
    expect(() => bundleInputs(join(root, 'meta.json'), root)).toThrow(/lists no inputs/);
  });
});

describe('ensureFreshBuild', () => {
  it('returns at once for a fresh output (the project named does not exist: no build ran)', () => {
    expect(() => ensureFreshBuild(project().build)).not.toThrow();
  });

  it('with XCAP_FRESH_BUILD=check fails naming the stale file and the build command instead of building', () => {
    const { root, build } = project();
    write(join(root, 'src/a.ts'), 300);
    vi.stubEnv('XCAP_FRESH_BUILD', 'check');
    expect(() => ensureFreshBuild(build)).toThrow(
      /src\/a\.ts is newer than .*dist\/out\.js: build first \(npx nx run-many -t build --projects=@fixture\/none\)/,
    );
  });

  it('fails naming the stale file and the failed build when the build cannot run', () => {
    const { root, build } = project();
    write(join(root, 'src/a.ts'), 300);
    expect(() => ensureFreshBuild(build)).toThrow(/src\/a\.ts is newer than .*dist\/out\.js, and npx nx run-many -t build --projects=@fixture\/none failed/);
  }, 60_000);
});
