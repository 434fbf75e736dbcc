import { describe, it } from 'node:test';
import type { ConformanceNode } from './conformance-node.js';
import type { NativeConformanceOptions } from './native-conformance-options.js';
import { nativeConformanceSuite } from './native-conformance-suite.js';

/**
 * Registers the native conformance suite (`nativeConformanceSuite`) of a
 * platform's `HostProviders` implementation with Node's own test runner
 * (`node:test` `describe`/`it`; vitest is never loaded). Call it at the top
 * level of a file that `node --test` runs.
 */
export function runNativeConformance(options: NativeConformanceOptions): void {
  register(nativeConformanceSuite(options));
}

function register(node: ConformanceNode): void {
  // node:test queues each suite and test itself and reports its failures; the returned promise is only for awaiting a subtest.
  if (node.kind === 'group') {
    void describe(node.title, () => node.children.forEach(register));
  } else {
    void it(node.title, { skip: node.skip ?? false, timeout: node.timeoutMs }, node.run);
  }
}
