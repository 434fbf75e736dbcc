/**
 * The vitest configuration of `stryker/mcp.config.json`: only the test files
 * of the mutated modules (the stdio and HTTP end-to-end tests reach them
 * too, but would make every mutant cost seconds); they run in milliseconds,
 * so a test that a mutant hangs fails after 2 s. `test/http/oauth.test.ts`
 * starts its oidc-provider servers in `beforeAll` (a hook: the shared 60 s
 * hook timeout); its slowest test, the key rotation, takes about 0.4 s.
 */
import { onlyTests } from './only-tests.ts';

export default onlyTests(
  [
    'test/line-transport.test.ts',
    'test/batched-writer.test.ts',
    'test/in-flight-gate.test.ts',
    'test/refused-call-watch.test.ts',
    'test/http/fair-gate.test.ts',
    'test/http/oauth.test.ts',
    'test/http/create-oauth-verifier.test.ts',
    'test/http/check-identity.test.ts',
    'test/http/bearer-challenge.test.ts',
    'test/http/discover-jwks-uri.test.ts',
    'test/http/bounded-fetch.test.ts',
    'test/progress-while-waiting.test.ts',
    'test/agent-label.test.ts',
    'test/http/last-client-info.test.ts',
    'test/consent-form.test.ts',
  ],
  2_000,
);
