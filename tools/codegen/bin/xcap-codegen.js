#!/usr/bin/env node
// The `xcap-codegen` launcher. It is committed (not built) so npm links the
// command even on a fresh install, before `npm run build` has made dist/; it
// runs the built CLI (src/cli.ts → dist/cli.js). In this repository
// `npm run gen` runs the same CLI from its sources.
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('cli.js')) throw error;
  process.stderr.write('xcap-codegen: @xcap/codegen is not built yet; run `npm run build` first (or `npm run gen` in the repository)\n');
  process.exitCode = 2;
}
