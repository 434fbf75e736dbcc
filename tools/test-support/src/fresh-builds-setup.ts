/**
 * vitest `globalSetup` of vitest.shared.ts: before the first test file of a package starts, builds once every build
 * output its tests run that is missing or older than its sources (build-outputs.ts says which, ensureFreshBuild how),
 * outside any test's or hook's timeout.
 */
import { relative } from 'node:path';
import { buildOutputsRunBy } from './build-outputs.js';
import { ensureFreshBuilds, repoRoot } from './ensure-fresh-build.js';

/** Builds the stale outputs the tests of the package in the current folder run. */
export default function setup(): void {
  const folder = relative(repoRoot, process.cwd()).split('\\').join('/');
  ensureFreshBuilds(buildOutputsRunBy(folder));
}
