/**
 * The commit the API reports are compared with for the changeset check:
 * the last release, found in a fresh clone from history alone — the newest
 * commit that touched a `CHANGELOG.md` of a workspace package (only
 * `changeset version` writes those, in the commit that consumes the
 * changesets). `XCAP_API_BASE` (any git revision) overrides it, e.g. the
 * merge base of a pull request. With no release yet there is no base: every
 * report is new.
 */
import { spawnSync } from 'node:child_process';

/** The base commit, or null before the first release, and how it was chosen. */
export interface ReleaseBase {
  readonly commit: string | null;
  readonly description: string;
}

function git(root: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the types say string, but both are null when git cannot start (r.error says why)
  return { status: r.status, stdout: r.stdout ?? '', stderr: (r.stderr ?? '') + (r.error?.message ?? '') };
}

/** Finds the base in the git repository at `root`; throws with git's message when there is no repository, or history is too shallow to tell. */
export function releaseBase(root: string, env: Readonly<Record<string, string | undefined>> = process.env): ReleaseBase {
  const override = env['XCAP_API_BASE'];
  if (override) {
    const r = git(root, ['rev-parse', '--verify', `${override}^{commit}`]);
    if (r.status !== 0) throw new Error(`XCAP_API_BASE=${override} is not a commit of ${root}: ${r.stderr.trim()}`);
    return { commit: r.stdout.trim(), description: `XCAP_API_BASE (${override})` };
  }
  const log = git(root, ['log', '-1', '--format=%H', '--', ':(glob)*/*/CHANGELOG.md']);
  if (log.status !== 0) throw new Error(`cannot read the git history of ${root} (the changeset check compares with the last release): ${log.stderr.trim()}`);
  const commit = log.stdout.trim();
  if (commit) return { commit, description: `the last release (${commit.slice(0, 12)}, the newest commit with a CHANGELOG.md change)` };
  const shallow = git(root, ['rev-parse', '--is-shallow-repository']);
  if (shallow.stdout.trim() === 'true') {
    throw new Error(`${root} is a shallow clone with no release commit in reach: fetch the full history (git fetch --unshallow) or set XCAP_API_BASE`);
  }
  return { commit: null, description: 'nothing (no release yet: every report is new)' };
}

/** The text of `path` (relative to `root`) at `commit`, or '' when it did not exist there. */
export function fileAt(root: string, commit: string | null, path: string): string {
  if (commit === null) return '';
  const r = git(root, ['show', `${commit}:${path}`]);
  return r.status === 0 ? r.stdout : '';
}

/** The files under `dir` (relative to `root`) at `commit`. */
export function filesAt(root: string, commit: string | null, dir: string): string[] {
  if (commit === null) return [];
  const r = git(root, ['ls-tree', '-r', '--name-only', commit, '--', `${dir}/`]);
  if (r.status !== 0) throw new Error(`git ls-tree ${commit} ${dir}: ${r.stderr.trim()}`);
  return r.stdout.split('\n').filter(Boolean);
}
