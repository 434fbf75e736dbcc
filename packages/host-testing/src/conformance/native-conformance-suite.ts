import { catalog as builtInCatalog, type Catalog, type ToolDef } from '@xcap/catalog';
import { nativeTools } from '../native-tools.js';
import { servedCapabilities } from '../served-capabilities.js';
import { captureNativeInput } from './capture-native-input.js';
import { checkNativeAnswer } from './check-native-answer.js';
import { ConformanceFailure } from './conformance-failure.js';
import type { ConformanceGroup, ConformanceNode, ConformanceTest } from './conformance-node.js';
import type { NativeConformanceOptions } from './native-conformance-options.js';
import { sampleArguments } from './sample-arguments.js';

/** What the runner adds to a native call's `timeoutMs` for the test itself (the bridge, making the providers). */
const runnerSlackMs = 5_000;

/**
 * The native conformance suite of a platform's `HostProviders`
 * implementation as a runner-agnostic tree (the vitest and node:test
 * `runNativeConformance` adapters register it): for every native tool of
 * every provided capability (a capability marked `host` only when `host`
 * matches), generated from the catalog so a new tool is covered without
 * writing anything, each sample input (see `sampleArguments`, mapped to the
 * native input by the real bridge) must get `{structuredContent}` matching
 * the tool's `nativeOutputSchema`, or `{isError: <non-empty reason>}` (such
 * as `unavailable`) — nothing else, no throw, within `timeoutMs`. A failing
 * test throws a `ConformanceFailure` saying what the provider did wrong.
 */
export function nativeConformanceSuite(options: NativeConformanceOptions): ConformanceGroup {
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
  const test = (title: string, run: () => void | Promise<void>, skip?: string): ConformanceTest => ({
    kind: 'test',
    title,
    skip,
    timeoutMs: timeoutMs + runnerSlackMs,
    run: async () => run(),
  });

  const toolTests = (capability: string, tool: ToolDef): ConformanceTest[] => {
    const samples = sampleArguments(catalog, tool);
    const method = tool.name.slice(capability.length + 1);
    if (samples.length === 0) {
      return [
        test(`${tool.name}: sample arguments`, () => {
          throw new ConformanceFailure(`no valid sample arguments can be derived from the inputSchema of ${tool.name}`);
        }),
      ];
    }
    return samples.map((sample) => {
      const title = `${tool.name}: ${sample.label}`;
      const reason = skipReason(capability, tool.name, title);
      if (reason !== undefined) return test(`${title} — skipped: ${reason}`, () => undefined, reason);
      return test(title, async () => {
        const captured = await captureNativeInput(catalog, tool.name, sample.arguments);
        if ('refused' in captured)
          throw new ConformanceFailure(`the bridge refused the sample arguments ${JSON.stringify(sample.arguments)}: ${captured.refused}`);
        const providers = (await options.createProviders()) as Record<string, unknown>;
        const provider = providers[capability];
        const fn = typeof provider === 'object' && provider !== null ? (provider as Record<string, unknown>)[method] : undefined;
        const call = `providers.${capability}.${method}`;
        if (typeof fn !== 'function')
          throw new ConformanceFailure(`${call} is missing: implement it (answer {isError: "unavailable"} where this host cannot serve it)`);
        const answer = await answerWithin(() => (fn as (input: unknown) => unknown).call(provider, captured.input), timeoutMs);
        if ('threw' in answer) throw new ConformanceFailure(`${call}(${JSON.stringify(captured.input)}) threw: ${answer.threw}`);
        if ('timedOut' in answer) throw new ConformanceFailure(`${call} did not answer within ${timeoutMs} ms`);
        const problem = checkNativeAnswer(tool.nativeOutputSchema ?? {}, answer.value);
        if (problem !== null) throw new ConformanceFailure(`${call}(${JSON.stringify(captured.input)}) ${problem}`);
      });
    });
  };

  const children: ConformanceNode[] = [
    test('every provided capability is in the catalog and served by this host', () => {
      const stray = provided.filter((name) => !fits(name));
      if (stray.length > 0) throw new ConformanceFailure(`provided but not served by this host's catalog: ${stray.join(', ')}`);
    }),
  ];
  for (const capability of provided.filter(fits)) {
    children.push({ kind: 'group', title: capability, children: nativeTools(catalog, capability).flatMap((tool) => toolTests(capability, tool)) });
  }
  children.push(
    test('every skip names a test of this suite', () => {
      const unused = skips.flatMap((entry) => entry.tests).filter((name) => !used.has(name));
      if (unused.length > 0) throw new ConformanceFailure(`these skips name no test of this suite: ${unused.join(', ')}`);
    }),
  );
  return { kind: 'group', title: `xcap native conformance${options.host === undefined ? '' : ` (host ${options.host})`}`, children };
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
