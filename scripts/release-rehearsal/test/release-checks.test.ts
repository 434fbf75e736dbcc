import { describe, it, expect } from 'vitest';
import { changelogSection, dependentsOf, internalRangeProblems, workspaceClosure } from '../src/release-checks.js';
import type { ReleasePackage } from '../src/workspace-copy.js';

const pkg = (name: string, version: string, dependencies: Record<string, string> = {}, isPrivate = false): ReleasePackage => ({
  dir: `packages/${name.split('/')[1]}`,
  name,
  version,
  private: isPrivate,
  dependencies,
});

describe('internalRangeProblems', () => {
  it('accepts ^<released version> for every workspace dependency and ignores third-party ranges', () => {
    const packages = [pkg('@x/a', '1.0.0'), pkg('@x/b', '0.1.1', { '@x/a': '^1.0.0', lodash: '~4.0.0' })];
    expect(internalRangeProblems(packages)).toEqual([]);
  });

  it('names a range the bump left behind', () => {
    const packages = [pkg('@x/a', '1.0.0'), pkg('@x/b', '0.1.1', { '@x/a': '^0.1.0' })];
    expect(internalRangeProblems(packages)).toEqual(['@x/b depends on @x/a ^0.1.0, not ^1.0.0 (the version released with it)']);
  });

  it('names an exact or wildcard range too, and skips private packages', () => {
    const packages = [pkg('@x/a', '1.0.0'), pkg('@x/b', '0.1.1', { '@x/a': '1.0.0' }), pkg('@x/c', '0.0.0', { '@x/a': '*' }, true)];
    expect(internalRangeProblems(packages)).toEqual(['@x/b depends on @x/a 1.0.0, not ^1.0.0 (the version released with it)']);
  });
});

describe('dependentsOf and workspaceClosure', () => {
  const packages = [
    pkg('@x/a', '1.0.0'),
    pkg('@x/b', '1.0.0', { '@x/a': '^1.0.0' }),
    pkg('@x/c', '1.0.0', { '@x/b': '^1.0.0', zod: '^4.0.0' }),
    pkg('@x/d', '1.0.0'),
    pkg('@x/demo', '0.0.0', { '@x/c': '^1.0.0' }, true),
  ];

  it('finds direct and transitive dependents, never private ones', () => {
    expect(dependentsOf(packages, '@x/a')).toEqual(['@x/b', '@x/c']);
    expect(dependentsOf(packages, '@x/d')).toEqual([]);
  });

  it('lists the workspace packages an install pulls, itself included', () => {
    expect(workspaceClosure(packages, '@x/c')).toEqual(['@x/a', '@x/b', '@x/c']);
    expect(workspaceClosure(packages, '@x/d')).toEqual(['@x/d']);
  });
});

describe('changelogSection', () => {
  const log = '# @x/b\n\n## 1.0.0\n\n### Patch Changes\n\n- Updated dependencies\n  - @x/a@1.0.0\n\n## 0.1.0\n\n### Minor Changes\n\n- first\n';

  it('returns the section of that version only', () => {
    const section = changelogSection(log, '1.0.0');
    expect(section).toContain('@x/a@1.0.0');
    expect(section).not.toContain('first');
    expect(changelogSection(log, '0.1.0')).toContain('first');
  });

  it('is undefined for a version without a section (no prefix matches)', () => {
    expect(changelogSection(log, '1.0')).toBeUndefined();
    expect(changelogSection(log, '2.0.0')).toBeUndefined();
  });
});
