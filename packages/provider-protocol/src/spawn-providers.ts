import { catalog as builtInCatalog, type Catalog, type JsonObject, type NativeContext } from '@xcap/catalog';
import { defaultTimeoutMs } from '@xcap/bridge';
import { checkDescription } from './check-description.js';
import { omittedTools } from './omitted-tools.js';
import { parseCommandLine } from './parse-command-line.js';
import { ProviderProcess } from './provider-process.js';
import { AnswerBudget } from './answer-budget.js';
import { ProviderSetupError } from './provider-setup-error.js';
import type { Timers } from '@xcap/wire';

/** A provider command: `"<command> [args]"` (split shell-like by `parseCommandLine`, never run by a shell) or an argument vector. */
export type ProviderCommand = string | readonly string[];

/** What `spawnProviders` takes besides the commands; every field has a default. */
export interface SpawnProvidersOptions {
  /** The catalog the descriptions are checked against (default the built-in one). */
  readonly catalog?: Catalog;
  /** This host's name: a capability the catalog marks `host` may be served only when it matches. */
  readonly host?: string;
  /** Where the providers' stderr lines and the client's notices go (default standard error). */
  readonly log?: (line: string) => void;
  /** How long a call may go unanswered before it is cancelled, in ms (default the bridge's native timeout, 30,000; give the host's `timeoutMs`). */
  readonly timeoutMs?: number;
  /** How long a provider may take to answer `providers/describe`, in ms (default 10,000). */
  readonly describeTimeoutMs?: number;
  /** The longest line read from a provider, in bytes (default 64 MiB). */
  readonly maxMessageBytes?: number;
  /** How long stopping waits after closing stdin before SIGTERM, and after SIGTERM before SIGKILL, in ms (default 2,000). */
  readonly graceMs?: number;
  /** The first restart delay after a provider died, in ms (default 100; doubled each time). */
  readonly restartFirstMs?: number;
  /** The longest restart delay, in ms (default 30,000). */
  readonly restartMaxMs?: number;
  /** The providers' environment (default the host's). */
  readonly env?: NodeJS.ProcessEnv;
  /** The providers' working directory (default the host's). */
  readonly cwd?: string;
  /** The clock of the call timeouts, restart delays and grace periods (default `realTimers` of `@xcap/wire`; a fake in tests). */
  readonly timers?: Timers;
  /** The most bytes queued toward one provider's stdin before its calls answer `unavailable` at once (default 64 MiB). */
  readonly maxQueuedBytes?: number;
  /** How long a provider may read none of the lines waiting on its stdin before it is killed as hung and restarted, in ms (default 30,000). */
  readonly stallMs?: number;
  /**
   * The answer bytes all these providers may hold in memory at once (one budget shared by every process), past
   * which a call answers `unavailable` (default 256 MiB).
   */
  readonly maxAnswerBytes?: number;
}

/** Provider processes serving natives: the `HostNatives` shape of `@xcap/host-node` (`providers`, `provided`, `close`). */
export interface SpawnedProviders {
  /** `providers[capability][tool](nativeInput, context?)`: each sends `providers/call` to the process that described the capability; its answer stays on the answer budget until `context.answered` aborts. */
  readonly providers: { readonly [capability: string]: { readonly [tool: string]: (input: JsonObject, context?: NativeContext) => Promise<unknown> } };
  /** The capabilities described, sorted. */
  readonly provided: readonly string[];
  /**
   * The native tools of those capabilities the providers left out of `providers/describe` (catalog names such as
   * `photos_get`, sorted): each is in `providers` all the same and answers isError `unavailable` without reaching a process.
   */
  readonly omitted: readonly string[];
  /** The running provider processes, one per command, in the order given. */
  readonly processes: readonly ProviderProcess[];
  /** Stops every process (stdin closed, SIGTERM after the grace period, then SIGKILL). Safe to call twice. */
  close(): Promise<void>;
}

/** The default `maxMessageBytes`: 64 MiB. */
export const defaultProviderMessageBytes = 64 * 1024 * 1024;

/**
 * Spawns each provider command (one process per command, stdio pipes, no
 * shell, not detached), asks each `providers/describe` and checks what it
 * describes against the catalog as `createCallPath` checks a JS host's
 * providers. Answers natives the call path takes as they are (`providers`,
 * `provided`, `close`): each native sends `providers/call` to its process.
 * Anything wrong — a command that cannot be parsed or spawned, that exits
 * or does not answer `providers/describe` in time, another protocol
 * version, a capability or native tool the catalog does not define, a
 * native tool listed twice, a capability described by two commands —
 * throws ONE `ProviderSetupError` listing every problem with its command,
 * after stopping every process started. A native tool of a described
 * capability that the provider left out is served all the same: it answers
 * isError `unavailable` without reaching the process, and one `log` line
 * per provider names every tool it left out.
 */
export async function spawnProviders(commands: readonly ProviderCommand[], options: SpawnProvidersOptions = {}): Promise<SpawnedProviders> {
  const catalog = options.catalog ?? builtInCatalog;
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const problems: string[] = [];
  const processes: ProviderProcess[] = [];
  const answerBudget = new AnswerBudget(options.maxAnswerBytes);
  for (const command of commands) {
    let argv: readonly string[];
    try {
      argv = typeof command === 'string' ? parseCommandLine(command) : command;
      if (argv.length === 0 || argv[0] === '') throw new RangeError('command: empty (expected "<command> [args]")');
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    processes.push(
      new ProviderProcess({
        argv,
        label: typeof command === 'string' ? command : argv.join(' '),
        log,
        timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
        describeTimeoutMs: options.describeTimeoutMs ?? 10_000,
        maxMessageBytes: options.maxMessageBytes ?? defaultProviderMessageBytes,
        graceMs: options.graceMs ?? 2_000,
        restartFirstMs: options.restartFirstMs ?? 100,
        restartMaxMs: options.restartMaxMs ?? 30_000,
        ...(options.env === undefined ? {} : { env: options.env }),
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.timers === undefined ? {} : { timers: options.timers }),
        ...(options.maxQueuedBytes === undefined ? {} : { maxQueuedBytes: options.maxQueuedBytes }),
        ...(options.stallMs === undefined ? {} : { stallMs: options.stallMs }),
        answerBudget,
      }),
    );
  }
  const close = async () => {
    await Promise.all(processes.map((p) => p.close()));
  };
  if (problems.length > 0) throw new ProviderSetupError(problems);

  const started = await Promise.all(
    processes.map((p) =>
      p.start().then(
        (description) => ({ process: p, description }),
        (error: unknown) => ({
          process: p,
          errors: error instanceof ProviderSetupError ? error.problems : [error instanceof Error ? error.message : String(error)],
        }),
      ),
    ),
  );
  const owner = new Map<string, ProviderProcess>();
  const providers: Record<string, Record<string, (input: JsonObject, context?: NativeContext) => Promise<unknown>>> = {};
  const omitted: string[] = [];
  const warnings: string[] = [];
  for (const start of started) {
    const label = JSON.stringify(start.process.label);
    if ('errors' in start) {
      problems.push(...start.errors.map((e) => `${label}: ${e}`));
      continue;
    }
    const found = checkDescription(catalog, start.description, options.host);
    problems.push(...found.map((p) => `${label}: ${p}`));
    if (found.length > 0) continue;
    const left = omittedTools(catalog, start.description);
    for (const [capability, tools] of Object.entries(start.description.capabilities)) {
      const first = owner.get(capability);
      if (first !== undefined) {
        problems.push(
          `${label}: capability ${JSON.stringify(capability)} is described by both ${JSON.stringify(first.label)} and ${label}; serve each capability from one command`,
        );
        continue;
      }
      owner.set(capability, start.process);
      const p = start.process;
      const served = tools.map((tool) => [tool, (input: JsonObject, context?: NativeContext) => p.call(capability, tool, input, context)] as const);
      const missing = (left[capability] ?? []).map((tool) => [tool, answerUnavailable] as const);
      omitted.push(...(left[capability] ?? []).map((tool) => `${capability}_${tool}`));
      providers[capability] = Object.fromEntries([...served, ...missing]);
    }
    if (Object.keys(left).length > 0) warnings.push(omittedLine(start.process.label, left));
  }
  if (problems.length > 0) {
    await close();
    throw new ProviderSetupError(problems);
  }
  for (const line of warnings) log(line);
  return { providers, provided: [...owner.keys()].sort(), omitted: omitted.sort(), processes, close };
}

/** The answer of a native tool a provider left out of `providers/describe`. */
function answerUnavailable(): Promise<unknown> {
  return Promise.resolve({ isError: 'unavailable' });
}

/** The warning line naming the native tools one provider left out (`omittedTools` by capability). */
function omittedLine(label: string, omitted: Readonly<Record<string, readonly string[]>>): string {
  const parts = Object.entries(omitted).map(([capability, tools]) => `${capability} without ${tools.map((tool) => `${capability}_${tool}`).join(', ')}`);
  const count = Object.values(omitted).reduce((sum, tools) => sum + tools.length, 0);
  return `xcap: provider ${JSON.stringify(label)} describes ${parts.join('; ')}: ${count === 1 ? 'it answers' : 'they answer'} unavailable`;
}
