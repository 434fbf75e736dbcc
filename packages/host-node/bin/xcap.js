#!/usr/bin/env node
// The `xcap` launcher. It is committed (not built) so npm links the command
// even on a fresh install, before `npm run build` has made dist/; it runs the
// built CLI: src/cli/main.ts and our own @xcap/* packages bundled by
// scripts/bundle-cli.mjs into dist/cli-bundle/main.js (third-party packages
// load from node_modules).
try {
  await import('../dist/cli-bundle/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('cli-bundle/main.js')) throw error;
  process.stderr.write('xcap: @xcap/host-node is not built yet; run `npm run build` first\n');
  process.exitCode = 2;
}
