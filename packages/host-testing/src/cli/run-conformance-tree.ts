import type { ConformanceNode } from '../conformance/conformance-node.js';

/** One test of a conformance tree, run. */
export interface ConformanceTestResult {
  /** The titles of its groups, outermost first (the suite's, then the capability's). */
  readonly groups: readonly string[];
  /** The test's title. */
  readonly title: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  /** Why it failed, or why it was skipped. */
  readonly message?: string;
  /** How long it ran, in ms. */
  readonly ms: number;
}

/** Runs every test of a conformance tree one after another, outside any test runner; never throws. */
export async function runConformanceTree(node: ConformanceNode, groups: readonly string[] = []): Promise<ConformanceTestResult[]> {
  if (node.kind === 'group') {
    const results: ConformanceTestResult[] = [];
    for (const child of node.children) results.push(...(await runConformanceTree(child, [...groups, node.title])));
    return results;
  }
  if (node.skip !== undefined) return [{ groups, title: node.title, status: 'skipped', message: node.skip, ms: 0 }];
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`did not finish within ${node.timeoutMs} ms`), node.timeoutMs)));
  const failure = await Promise.race([
    node.run().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
  const ms = Math.round(performance.now() - started);
  return [failure === undefined ? { groups, title: node.title, status: 'passed', ms } : { groups, title: node.title, status: 'failed', message: failure, ms }];
}
