/** What `xcap-conformance providers …` was asked to do, read by `parseProvidersArgs`. */
export type ProvidersCliArgs =
  | { readonly action: 'help' }
  | { readonly action: 'usageError'; readonly message: string }
  | {
      readonly action: 'run';
      /** The provider command and its arguments (spawned without a shell). */
      readonly command: readonly string[];
      /** Print the results as one JSON document instead of lines. */
      readonly json: boolean;
      /** Where to write a JUnit XML report, if asked. */
      readonly junit: string | undefined;
      /** How long one native call may take, in ms. */
      readonly timeoutMs: number;
      /** This host's name (capabilities the catalog marks `host` are checked only when it matches). */
      readonly host: string | undefined;
    };

/** The default `--timeout` of `xcap-conformance providers`: 5000 ms per native call. */
export const defaultProvidersTimeoutMs = 5_000;

/**
 * Reads `xcap-conformance providers [options] [--] <command> [args…]` (the
 * arguments after `providers`): `--json`, `--junit <file>`, `--timeout <ms>`,
 * `--host <name>`, `-h`/`--help`; `--` or the first argument that is not an
 * option starts the command, and everything after it is the command's.
 */
export function parseProvidersArgs(args: readonly string[]): ProvidersCliArgs {
  let json = false;
  let junit: string | undefined;
  let timeoutMs = defaultProvidersTimeoutMs;
  let host: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--' || !arg.startsWith('-')) {
      const command = args.slice(arg === '--' ? i + 1 : i);
      if (command.length === 0 || command[0] === '')
        return { action: 'usageError', message: 'providers: no command after -- (xcap-conformance providers -- <command> [args])' };
      return { action: 'run', command, json, junit, timeoutMs, host };
    }
    if (arg === '-h' || arg === '--help') return { action: 'help' };
    if (arg === '--json') json = true;
    else if (arg === '--junit' || arg.startsWith('--junit=')) {
      const value = arg === '--junit' ? args[++i] : arg.slice('--junit='.length);
      if (value === undefined || value === '') return { action: 'usageError', message: '--junit needs a file: --junit <file>' };
      junit = value;
    } else if (arg === '--timeout' || arg.startsWith('--timeout=')) {
      const value = arg === '--timeout' ? args[++i] : arg.slice('--timeout='.length);
      const ms = Number(value);
      if (value === undefined || !/^\d+$/.test(value) || ms < 1) return { action: 'usageError', message: '--timeout needs a whole number of milliseconds ≥ 1' };
      timeoutMs = ms;
    } else if (arg === '--host' || arg.startsWith('--host=')) {
      const value = arg === '--host' ? args[++i] : arg.slice('--host='.length);
      if (value === undefined || value === '') return { action: 'usageError', message: '--host needs a name' };
      host = value;
    } else return { action: 'usageError', message: `providers: unknown option ${arg}` };
  }
  return { action: 'usageError', message: 'providers: no command (xcap-conformance providers -- <command> [args])' };
}
