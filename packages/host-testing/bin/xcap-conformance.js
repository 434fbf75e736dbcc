#!/usr/bin/env node
// The `xcap-conformance` launcher. It is committed (not built) so npm links the
// command even on a fresh install, before `npm run build` has made dist/; it
// runs the built CLI (src/bin/xcap-conformance.ts → dist/bin/xcap-conformance.js).
try {
  await import('../dist/bin/xcap-conformance.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('xcap-conformance.js')) throw error;
  process.stderr.write('xcap-conformance: @xcap/host-testing is not built yet; run `npm run build` first\n');
  process.exitCode = 2;
}
