import { describe, it, expect } from 'vitest';
import { catalog as builtInCatalog, type Catalog, type ToolDef } from '@xcap/catalog';
import { nativeTools } from '../native-tools.js';
import { servedCapabilities } from '../served-capabilities.js';
import { captureNativeInput } from './capture-native-input.js';
import { checkNativeAnswer } from './check-native-answer.js';
import type { NativeConformanceOptions } from './native-conformance-options.js';
import { sampleArguments } from './sample-arguments.js';

/**
 * Registers (vitest `describe`/`it`) the native conformance suite of a
 * platform's `HostProviders` implementation: for every native tool of every
 * provided capability (a capability marked `host` only when `host`
 * matches), generated from the catalog so a new tool is covered without
 * writing anything, each sample input (see `sampleArguments`, mapped to the
 * native input by the real bridge) must get `{structuredContent}` matching
 * the tool's `nativeOutputSchema`, or `{isError: <non-empty reason>}` (such
 * as `unavailable`) — nothing else, no throw, within `timeoutMs`. Call it at
 * the top level of a vitest test file.
 */
export function runNativeConformance(options: NativeConformanceOptions): void {
  const catalog: Catalog = options.catalog ?? builtInCatalog;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const served = servedCapabilities(catalog, options.host);
  const fits = (name: string) => served.includes(name);
  const provided = options.provided ?? served.filter((name) => nativeTools(catalog, name).length > 0);
  const skips = options.skip ?? [];
  const used = new Set<string>();
  const skipReason = (capability: string, tool: string, title: string): string | undefined => {
    for (const entry of skips) {
      for (const name of entry.tests) {
        if (name === capability || name === tool || name === title) {
          used.add(name);
          return entry.reason;
        }
      }
    }
    return undefined;
  };

  describe(`xcap native conformance${options.host === undefined ? '' : ` (host ${options.host})`}`, () => {
    it('every provided capability is in the catalog and served by this host', () => {
      expect(provided.filter((name) => !fits(name))).toEqual([]);
    });

    for (const capability of provided.filter(fits)) {
      describe(capability, () => {
        for (const tool of nativeTools(catalog, capability)) registerTool(capability, tool);
      });
    }

    it('every skip names a test of this suite', () => {
      const named = skips.flatMap((entry) => entry.tests);
      expect(named.filter((name) => !used.has(name))).toEqual([]);
    });
  });

  function registerTool(capability: string, tool: ToolDef): void {
    const samples = sampleArguments(catalog, tool);
    const method = tool.name.slice(capability.length + 1);
    if (samples.length === 0) {
      it(`${tool.name}: sample arguments`, () => {
        expect.fail(`no valid sample arguments can be derived from the inputSchema of ${tool.name}`);
      });
      return;
    }
    for (const sample of samples) {
      const title = `${tool.name}: ${sample.label}`;
      const reason = skipReason(capability, tool.name, title);
      if (reason !== undefined) {
        it.skip(`${title} — skipped: ${reason}`, () => undefined);
        continue;
      }
      it(title, async () => {
        const captured = await captureNativeInput(catalog, tool.name, sample.arguments);
        if ('refused' in captured) expect.fail(`the bridge refused the sample arguments ${JSON.stringify(sample.arguments)}: ${captured.refused}`);
        const providers = (await options.createProviders()) as Record<string, unknown>;
        const provider = providers[capability];
        const fn = typeof provider === 'object' && provider !== null ? (provider as Record<string, unknown>)[method] : undefined;
        if (typeof fn !== 'function') expect.fail(`providers.${capability}.${method} is missing: implement it (answer {isError: "unavailable"} where this host cannot serve it)`);
        const answer = await answerWithin(() => (fn as (input: unknown) => unknown).call(provider, captured.input), timeoutMs);
        if ('threw' in answer) expect.fail(`providers.${capability}.${method}(${JSON.stringify(captured.input)}) threw: ${answer.threw}`);
        if ('timedOut' in answer) expect.fail(`providers.${capability}.${method} did not answer within ${timeoutMs} ms`);
        const problem = checkNativeAnswer(tool.nativeOutputSchema ?? {}, answer.value);
        expect(problem, `providers.${capability}.${method}(${JSON.stringify(captured.input)}) ${problem ?? ''}`).toBeNull();
      });
    }
  }
}

async function answerWithin(call: () => unknown, timeoutMs: number): Promise<{ value: unknown } | { threw: string } | { timedOut: true }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), timeoutMs);
  });
  const answered = Promise.resolve()
    .then(call)
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ threw: error instanceof Error ? error.message : String(error) }),
    );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
