import { describe, it } from 'vitest';
import type { ConformanceNode } from './conformance-node.js';
import type { NativeConformanceOptions } from './native-conformance-options.js';
import { nativeConformanceSuite } from './native-conformance-suite.js';

/**
 * Registers the native conformance suite (`nativeConformanceSuite`) of a
 * platform's `HostProviders` implementation with vitest (`describe`/`it`).
 * Call it at the top level of a vitest test file.
 */
export function runNativeConformance(options: NativeConformanceOptions): void {
  registerWithVitest(nativeConformanceSuite(options));
}

/** Registers a conformance tree with vitest: a group is a `describe`, a test an `it` (or `it.skip` with its reason). */
export function registerWithVitest(node: ConformanceNode): void {
  if (node.kind === 'group') {
    describe(node.title, () => node.children.forEach(registerWithVitest));
  } else if (node.skip !== undefined) {
    it.skip(node.title, () => undefined);
  } else {
    it(node.title, node.run, node.timeoutMs);
  }
}
