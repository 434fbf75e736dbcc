/**
 * The semver bump a change to an API report asks for. Only declaration
 * lines count; comment lines (`// @public`, `// (undocumented)`) and blank
 * lines do not. A removed or changed declaration line breaks callers
 * (major), an added one only adds (minor). Below 1.0 a breaking change is
 * a minor bump, as semver's 0.x convention and changesets have it (a major
 * changeset would move 0.x to 1.0.0), so 0.x asks for minor either way.
 */
import { lineDiff } from './line-diff.js';

/** A changeset bump, weakest first. */
export type Bump = 'none' | 'patch' | 'minor' | 'major';

/** The bumps in order of strength. */
export const bumpOrder: readonly Bump[] = ['none', 'patch', 'minor', 'major'];

/** What a report change asks for, and why. */
export interface RequiredBump {
  readonly bump: Bump;
  /** `breaking`, `additive` or `none`: what the declarations did. */
  readonly change: 'breaking' | 'additive' | 'none';
  /** The declaration lines removed and added (trimmed), for the message. */
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

function isDeclaration(line: string): boolean {
  const t = line.trim();
  return t !== '' && !t.startsWith('//') && !t.startsWith('```') && !t.startsWith('>') && !t.startsWith('##');
}

/** The bump that turning report `before` (empty: no report yet) into `after` (empty: report gone) asks of a package at `version`. */
export function requiredBump(before: string, after: string, version: string): RequiredBump {
  const diff = lineDiff(before, after).filter((l) => l.op !== ' ' && isDeclaration(l.text));
  const removed = diff.filter((l) => l.op === '-').map((l) => l.text.trim());
  const added = diff.filter((l) => l.op === '+').map((l) => l.text.trim());
  const change = removed.length > 0 ? 'breaking' : added.length > 0 ? 'additive' : 'none';
  const belowOne = /^0\./.test(version);
  const bump: Bump = change === 'none' ? 'none' : change === 'breaking' && !belowOne ? 'major' : 'minor';
  return { bump, change, removed, added };
}
