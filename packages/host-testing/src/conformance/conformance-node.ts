/** One test of the native conformance suite, runner-agnostic: it passes when `run` resolves and fails with the error it throws. */
export interface ConformanceTest {
  readonly kind: 'test';
  /** The test's title, e.g. `share_send: minimal (url)`. */
  readonly title: string;
  /** Why it is skipped (from the options' `skip`), or `undefined` when it runs. */
  readonly skip: string | undefined;
  /** How long the runner lets it take, in ms (the native's own `timeoutMs` plus slack for the bridge). */
  readonly timeoutMs: number;
  readonly run: () => Promise<void>;
}

/** A group of tests (a runner's `describe`): the suite itself, or one capability. */
export interface ConformanceGroup {
  readonly kind: 'group';
  readonly title: string;
  readonly children: readonly ConformanceNode[];
}

/** A node of the native conformance suite's tree, as `nativeConformanceSuite` builds it. */
export type ConformanceNode = ConformanceTest | ConformanceGroup;
