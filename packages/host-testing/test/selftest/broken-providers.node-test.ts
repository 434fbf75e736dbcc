/** The native conformance suite (node:test entry) against the same broken providers as the vitest self-test. */
import { runNativeConformance } from '../../src/conformance-node-test.js';
import { brokenProvidersOptions } from './broken-providers.js';

runNativeConformance(brokenProvidersOptions);
