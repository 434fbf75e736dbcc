import { writeFile } from 'node:fs/promises';
import { ProviderSetupError, spawnProviders, type SpawnedProviders } from '@xcap/provider-protocol';
import { nativeConformanceSuite } from '../conformance/native-conformance-suite.js';
import { parseProvidersArgs } from './providers-cli-args.js';
import { countResults, providersJsonReport, providersJunitReport, type ProviderUnderTest } from './providers-reports.js';
import { runConformanceTree } from './run-conformance-tree.js';

/** Where the CLI writes: one call per line (no trailing newline). */
export interface ProvidersCliOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** The help text of `xcap-conformance providers` (printed on stdout by `providers --help`). */
export const providersUsage = `usage: xcap-conformance providers [options] [--] <command> [args…]

Spawns the provider command (no shell) and runs the native conformance suite
against it over the xcap provider protocol (docs/provider-protocol.md): the
provider must describe only what the catalog defines, and for every native
tool of every capability it describes, each sample input (derived from the
tool's inputSchema, mapped by the real bridge) must get {structuredContent}
matching the tool's nativeOutputSchema or {isError: "<reason>"}, within the
timeout. Prints one FAIL line per failing test and ends with
"N passed, M failed"; the provider's stderr goes to stderr.

  xcap-conformance providers -- swift run MyProviders
  xcap-conformance providers --junit conformance.xml -- python3 provider.py

options:
  --json            print the results as one JSON document on stdout instead
  --junit <file>    also write the results as JUnit XML to <file>
  --timeout <ms>    how long one native call may take (default 5000)
  --host <name>     this host's name (capabilities marked for a host are checked only on it)
  -h, --help        print this help and exit

exit codes: 0 every test passed, 1 a test failed, 2 bad usage or a provider
that cannot serve (cannot be spawned, does not answer providers/describe,
describes what the catalog does not define). A native tool of a described
capability that the provider leaves out of providers/describe is served by a
host (it answers unavailable) but fails its tests here: a conformant provider
implements every native tool of its capabilities.`;

/**
 * `xcap-conformance providers [options] [--] <command> [args…]` (see
 * `providersUsage`): spawns the provider command with `spawnProviders`
 * (`@xcap/provider-protocol`), runs `nativeConformanceSuite` for the
 * capabilities it described through the real bridge, and answers the exit
 * code (0 all passed, 1 a test failed, 2 bad usage or a provider that
 * cannot serve: each problem one `xcap-conformance: …` line on stderr).
 * A native tool the provider left out of `providers/describe` fails its
 * tests (the suite sees it missing), though `spawnProviders` would serve it
 * as `unavailable`. The provider is stopped before it returns.
 */
export async function runProvidersConformance(args: readonly string[], output: ProvidersCliOutput): Promise<number> {
  const parsed = parseProvidersArgs(args);
  if (parsed.action === 'help') {
    output.out(providersUsage);
    return 0;
  }
  if (parsed.action === 'usageError') {
    output.err(`xcap-conformance: ${parsed.message} (see xcap-conformance providers --help)`);
    return 2;
  }
  const commandText = parsed.command.join(' ');
  let spawned;
  try {
    spawned = await spawnProviders([parsed.command], {
      log: output.err,
      timeoutMs: parsed.timeoutMs,
      ...(parsed.host === undefined ? {} : { host: parsed.host }),
    });
  } catch (error) {
    if (!(error instanceof ProviderSetupError)) throw error;
    for (const problem of error.problems) output.err(`xcap-conformance: providers: ${problem}`);
    return 2;
  }
  try {
    const description = spawned.processes[0]?.description;
    const provider: ProviderUnderTest = {
      command: commandText,
      name: description?.provider.name ?? '',
      version: description?.provider.version ?? '',
      capabilities: spawned.provided,
    };
    const described = describedOnly(spawned.providers, spawned.omitted);
    const suite = nativeConformanceSuite({
      createProviders: () => described,
      provided: spawned.provided,
      timeoutMs: parsed.timeoutMs,
      ...(parsed.host === undefined ? {} : { host: parsed.host }),
    });
    const results = await runConformanceTree(suite);
    const totals = countResults(results);
    if (parsed.json) output.out(providersJsonReport(provider, results));
    else {
      output.out(`provider ${provider.name} ${provider.version} (${commandText}): ${provider.capabilities.join(', ') || 'no capabilities'}`);
      for (const r of results) {
        if (r.status === 'failed') output.out(`FAIL ${[...r.groups.slice(1), r.title].join(' › ')}: ${r.message ?? ''}`);
      }
      output.out(`${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ''}`);
    }
    if (parsed.junit !== undefined) {
      try {
        await writeFile(parsed.junit, providersJunitReport(provider, results));
      } catch (error) {
        output.err(`xcap-conformance: --junit ${parsed.junit}: cannot write: ${error instanceof Error ? error.message : String(error)}`);
        return 2;
      }
    }
    return totals.failed > 0 ? 1 : 0;
  } finally {
    await spawned.close();
  }
}

/** `providers` without the native tools (`photos_get`, …) the provider left out of `providers/describe`. */
function describedOnly(providers: SpawnedProviders['providers'], omitted: readonly string[]): SpawnedProviders['providers'] {
  return Object.fromEntries(
    Object.entries(providers).map(([capability, tools]) => [
      capability,
      Object.fromEntries(Object.entries(tools).filter(([tool]) => !omitted.includes(`${capability}_${tool}`))),
    ]),
  );
}
