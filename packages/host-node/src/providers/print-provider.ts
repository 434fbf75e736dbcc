import type { PrintProvider } from '@xcap/catalog';
import { findOnPath } from './find-on-path.js';
import { neverThrows } from './never-throws.js';
import { runCommand, type CommandRunner } from './run-command.js';

/** What `createPrintProvider` needs. */
export interface PrintProviderOptions {
  /** The CUPS `lp` command: a path or name; `undefined` = look for `lp` on `env.PATH`; `null` = no printing. */
  readonly lp?: string | null;
  /** The environment PATH is searched in and `lp` runs with (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs `lp` (default `runCommand`: spawn with an argument array, no shell). */
  readonly spawn?: CommandRunner;
  /** How long `lp` may take to accept the job (default 20,000 ms, below the bridge's 30 s). */
  readonly timeoutMs?: number;
}

/**
 * The print provider: `print_print` hands the file's bytes to CUPS — `lp
 * -t <name>` with the bytes on its standard input (an argument array, never
 * a shell) — and answers `printed: true` once `lp` accepted the job. Where
 * there is no `lp` it answers isError `unavailable`; a job `lp` refuses
 * answers isError `printFailed: <lp's first line>`. `print_pdf` runs in the
 * engine, not here. Print is always provided (the engine's `print_pdf` needs
 * it), so this provider always exists.
 */
export function createPrintProvider(options: PrintProviderOptions = {}): PrintProvider {
  const env = options.env ?? process.env;
  const lp = options.lp === null ? undefined : (options.lp ?? findOnPath('lp', env));
  const spawn = options.spawn ?? runCommand;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return neverThrows<PrintProvider>({
    async print(input) {
      if (lp === undefined) return { isError: 'unavailable' };
      const result = await spawn(lp, ['-t', input.name], { input: Buffer.from(input.data, 'base64'), env, timeoutMs });
      if (result.code === 0) return { structuredContent: { printed: true } };
      const line = (result.stderr.trim().split('\n')[0] ?? '').slice(0, 200);
      return { isError: `printFailed: ${result.failure ?? (line === '' ? `lp exit code ${result.code}` : line)}` };
    },
  });
}
