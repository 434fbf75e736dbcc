import type { Catalog } from '@xcap/catalog';

/** Tests a platform team skips, and why (Hono's `skip` convention). */
export interface ConformanceSkip {
  /** Why they are skipped (shown in the skipped test's title). */
  readonly reason: string;
  /** What to skip: a capability (`photos`), a tool (`photos_pick`) or one test (`photos_pick: full`). */
  readonly tests: readonly string[];
}

/** What `runNativeConformance` checks, and against what. */
export interface NativeConformanceOptions {
  /** Makes the providers under test (`HostProviders`-shaped); called once per test. */
  readonly createProviders: () => object | Promise<object>;
  /** This host's name: capabilities marked `host` in the catalog are checked only when it matches. */
  readonly host?: string;
  /** The catalog (default: the built-in `catalog`). */
  readonly catalog?: Catalog;
  /** The capabilities the providers offer (default: every catalog capability with native tools that this host may provide). */
  readonly provided?: readonly string[];
  /** Tests to skip, with the reason. */
  readonly skip?: readonly ConformanceSkip[];
  /** How long one native call may take (default 5000 ms). */
  readonly timeoutMs?: number;
}
