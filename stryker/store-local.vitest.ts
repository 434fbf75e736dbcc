/**
 * The vitest configuration of `stryker/store-local.config.json`: the tests of withFileLock, the spill file's
 * lock — its own test file, the spill takeover tests and FileGrantStore's lock tests (stale, dead, skewed,
 * unreadable and foreign locks), but not the one whose child processes run the store (they never run a
 * mutant) nor audit-spill.test.ts (it sets the umask, which Stryker's worker threads cannot). A test that a
 * mutant hangs fails after 10 s.
 */
import { onlyTests } from './only-tests.ts';

const config = onlyTests(['test/file-lock.test.ts', 'test/audit-spill-takeover.test.ts', 'test/file-grant-store.test.ts'], 10_000);

export default { ...config, test: { ...config.test, testNamePattern: /^(?!.*two processes)(?=.*(withFileLock|the lock|taken over))/ } };
