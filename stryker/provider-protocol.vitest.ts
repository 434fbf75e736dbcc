/**
 * The vitest configuration of `stryker/provider-protocol.config.json`: only ProviderProcess's own test file
 * (spawnProviders' tests spawn dozens of providers per mutant); a test that a mutant hangs fails after 10 s.
 */
import { onlyTests } from './only-tests.ts';

export default onlyTests(['test/provider-process.test.ts'], 10_000);
