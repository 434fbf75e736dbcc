/** The bump a report change asks for: removals and changed signatures major (minor below 1.0), additions minor, comments nothing. */
import { describe, expect, it } from 'vitest';
import { requiredBump } from '../src/required-bump.js';

const report = (...lines: string[]) => ['## API Report File for "@fx/a"', '', '```ts', '', ...lines, '', '```', ''].join('\n');
const before = report('// @public', 'export function a(x: string): number;', '', '// @public', 'export const b = 1;');

describe('requiredBump', () => {
  it('an added export is minor, at 1.x and at 0.x', () => {
    const after = report(
      '// @public',
      'export function a(x: string): number;',
      '',
      '// @public',
      'export const b = 1;',
      '',
      '// @public',
      'export const c = 2;',
    );
    expect(requiredBump(before, after, '1.2.0')).toMatchObject({ bump: 'minor', change: 'additive', added: ['export const c = 2;'] });
    expect(requiredBump(before, after, '0.3.0').bump).toBe('minor');
  });

  it('a removed export or a changed signature is major at 1.x and minor at 0.x', () => {
    const removed = report('// @public', 'export function a(x: string): number;');
    const changed = report('// @public', 'export function a(x: string, y?: number): number;', '', '// @public', 'export const b = 1;');
    expect(requiredBump(before, removed, '1.0.0')).toMatchObject({ bump: 'major', change: 'breaking', removed: ['export const b = 1;'] });
    expect(requiredBump(before, changed, '2.4.1')).toMatchObject({ bump: 'major', change: 'breaking', removed: ['export function a(x: string): number;'] });
    expect(requiredBump(before, changed, '0.1.0')).toMatchObject({ bump: 'minor', change: 'breaking' });
  });

  it('comment-only changes (a member documented, a release tag) ask for nothing', () => {
    const documented = before.replace('// @public\nexport const b', '// @beta\nexport const b').replace('```ts\n', '```ts\n// (undocumented)\n');
    expect(requiredBump(before, documented, '1.0.0')).toMatchObject({ bump: 'none', change: 'none' });
  });

  it('a new report is additive and a report that is gone is breaking', () => {
    expect(requiredBump('', before, '1.0.0')).toMatchObject({ bump: 'minor', change: 'additive' });
    expect(requiredBump(before, '', '1.0.0')).toMatchObject({ bump: 'major', change: 'breaking' });
  });
});
