/** The native conformance suite (vitest entry) against deliberately broken providers: every broken tool must fail, every sound one pass. */
import { runNativeConformance } from '../../src/conformance.js';
import { brokenProvidersOptions } from './broken-providers.js';

runNativeConformance(brokenProvidersOptions);
