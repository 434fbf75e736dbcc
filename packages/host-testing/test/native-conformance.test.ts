/**
 * The native conformance suite wired against the fake host's providers, the
 * way a platform team wires it against theirs: a few lines per host.
 */
import { createFakeHost, sampleNatives } from '../src/index.js';
import { runNativeConformance } from '../src/conformance.js';
import { extendedCatalog } from './extended-catalog.js';

runNativeConformance({
  host: 'ede',
  createProviders: () => createFakeHost({ host: 'ede', natives: sampleNatives() }).providers,
  skip: [{ reason: 'example: this fake has no printer, print runs in the device suite', tests: ['print_print'] }],
});

runNativeConformance({
  createProviders: () => createFakeHost({ natives: {} }).providers,
});

runNativeConformance({
  catalog: extendedCatalog(),
  provided: ['photos'],
  createProviders: () =>
    createFakeHost({ catalog: extendedCatalog(), provided: ['photos'], natives: { ...sampleNatives(), photos_delete: { structuredContent: { deleted: 1 } } } })
      .providers,
});
