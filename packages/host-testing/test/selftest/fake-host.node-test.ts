/** The native conformance suite (node:test entry) wired against the fake host's providers, the way a Node team wires it against theirs. */
import { runNativeConformance } from '../../src/conformance-node-test.js';
import { createFakeHost, sampleNatives } from '../../src/index.js';

runNativeConformance({
  host: 'ede',
  createProviders: () => createFakeHost({ host: 'ede', natives: sampleNatives() }).providers,
  skip: [{ reason: 'example: this fake has no printer', tests: ['print_print'] }],
});
