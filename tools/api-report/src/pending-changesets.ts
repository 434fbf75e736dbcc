/**
 * The changesets not yet consumed by `changeset version`: every
 * `.changeset/*.md` but the README, read for the packages and bumps in
 * their front matter.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bumpOrder, type Bump } from './required-bump.js';

/** The strongest pending bump of each package named, with the changeset files that name it. */
export type PendingBumps = Map<string, { readonly bump: Bump; readonly files: readonly string[] }>;

/** The packages and bumps a changeset's front matter names; throws naming the file when it has none or a line it cannot read. */
export function changesetBumps(text: string, file: string): [string, Bump][] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${file}: no front matter (--- … ---) naming packages and bumps`);
  return match[1]!
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const entry = /^\s*(["']?)(@?[\w.-]+(?:\/[\w.-]+)?)\1\s*:\s*(patch|minor|major)\s*$/.exec(line);
      if (!entry) throw new Error(`${file}: front matter line "${line}" is not "<package>": patch|minor|major`);
      return [entry[2]!, entry[3] as Bump];
    });
}

/** The pending bumps in the changeset folder `dir` (none when it does not exist). */
export function pendingChangesets(dir: string): PendingBumps {
  const out: PendingBumps = new Map();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()) {
    for (const [pkg, bump] of changesetBumps(readFileSync(join(dir, name), 'utf8'), join(dir, name))) {
      const had = out.get(pkg);
      const stronger = had && bumpOrder.indexOf(had.bump) >= bumpOrder.indexOf(bump) ? had.bump : bump;
      out.set(pkg, { bump: stronger, files: [...(had?.files ?? []), name] });
    }
  }
  return out;
}
