/** What `xcap-conformance` was asked to do, read from its arguments by `parseCliArgs`. */
export type CliArgs =
  | { readonly action: 'help' }
  | { readonly action: 'version' }
  | { readonly action: 'usageError'; readonly message: string }
  | {
      readonly action: 'replay';
      /** Replay the built-in catalog's own cases (asked with `--builtin`, or no file given). */
      readonly builtin: boolean;
      /** The catalog documents to replay, in order. */
      readonly files: readonly string[];
      /** Print the results as one JSON document instead of lines. */
      readonly json: boolean;
      /** Where to write a JUnit XML report, if asked. */
      readonly junit: string | undefined;
    };

/**
 * Reads the command line of `xcap-conformance`: `-h`/`--help`,
 * `-v`/`--version`, `--builtin`, `--json`, `--junit <file>` (or
 * `--junit=<file>`), `--` (everything after it is a file), and files. With no
 * file, the built-in cases are replayed. An unknown option or `--junit`
 * without a file is a usage error.
 */
export function parseCliArgs(args: readonly string[]): CliArgs {
  const files: string[] = [];
  let builtin = false;
  let json = false;
  let junit: string | undefined;
  let help = false;
  let version = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '-v' || arg === '--version') version = true;
    else if (arg === '--builtin') builtin = true;
    else if (arg === '--json') json = true;
    else if (arg === '--junit' || arg.startsWith('--junit=')) {
      const value = arg === '--junit' ? args[++i] : arg.slice('--junit='.length);
      if (value === undefined || value === '') return { action: 'usageError', message: '--junit needs a file: --junit <file>' };
      junit = value;
    } else if (arg.startsWith('-') && arg !== '-') return { action: 'usageError', message: `unknown option ${arg}` };
    else files.push(arg);
  }
  if (help) return { action: 'help' };
  if (version) return { action: 'version' };
  return { action: 'replay', builtin: builtin || files.length === 0, files, json, junit };
}
