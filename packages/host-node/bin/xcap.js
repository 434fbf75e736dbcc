#!/usr/bin/env node
// The `xcap` launcher. It is committed (not built) so npm links the command
// even on a fresh install, before `npm run build` has made dist/; it runs the
// built CLI (src/cli/main.ts → dist/cli/main.js).
try {
  await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('main.js')) throw error;
  process.stderr.write('xcap: @xcap/host-node is not built yet; run `npm run build` first\n');
  process.exitCode = 2;
}
