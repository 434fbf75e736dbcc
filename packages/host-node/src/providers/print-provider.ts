import type { NativeContext, PrintProvider } from '@xcap/catalog';
import { errorText } from '@xcap/wire/node';
import { findOnPath } from './find-on-path.js';
import { listPrinters } from './list-printers.js';
import { neverThrows } from './never-throws.js';
import { noDeadline } from './no-deadline.js';
import { runCommand, type CommandRunner } from './run-command.js';

/** What a print_print picker is asked for: the document and the printers `lpstat` lists. */
export interface PrintRequest {
  /** The document's name (as `lp -t` gets it). */
  readonly name: string;
  /** Its type. */
  readonly mimeType: string;
  /** The CUPS destinations `lpstat -e` lists. */
  readonly printers: readonly string[];
}

/**
 * The person's choice in a print sheet: one of `request.printers`, or
 * `null` when they cancel (`printed: false`). It may be async; a rejection
 * or a printer not in the list answers isError `pickerFailed`. `context` is
 * the call's `NativeContext` (the provider always passes it; optional so
 * that a hook can be called on its own): when its signal aborts the sheet
 * closes; an answer after that counts as a cancel (nothing is printed).
 */
export type PrintPicker = (request: PrintRequest, context?: NativeContext) => string | null | Promise<string | null>;

/** What `createPrintProvider` needs. */
export interface PrintProviderOptions {
  /** The CUPS `lp` command: a path or name; `undefined` = look for `lp` on `env.PATH`; `null` = no printing. */
  readonly lp?: string | null;
  /** The CUPS `lpstat` command the picker's printers come from: `undefined` = look for `lpstat` on `env.PATH`; `null` = no printers listed. */
  readonly lpstat?: string | null;
  /** The environment PATH is searched in and `lp` runs with (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs `lp` and `lpstat` (default `runCommand`: spawn with an argument array, no shell). */
  readonly spawn?: CommandRunner;
  /** How long `lp` may take to accept the job (default 20,000 ms, below the bridge's 30 s). */
  readonly timeoutMs?: number;
  /** A print sheet: the person picks the printer (`lp -d <printer>`); default none: the default destination, no one asked. */
  readonly picker?: PrintPicker;
}

/**
 * The print provider: `print_print` hands the file's bytes to CUPS — `lp
 * -t <name>` with the bytes on its standard input (an argument array, never
 * a shell) — and answers `printed: true` once `lp` accepted the job. With a
 * `picker`, the person first picks one of the printers `lpstat -e` lists
 * (`lp -d <printer>`), or cancels (`printed: false`). Where
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
  const picker = options.picker;
  return neverThrows<PrintProvider>({
    async print(input, context = noDeadline) {
      if (lp === undefined) return { isError: 'unavailable' };
      const destination: string[] = [];
      if (picker !== undefined) {
        const lpstat = options.lpstat === null ? undefined : (options.lpstat ?? findOnPath('lpstat', env));
        const printers = await listPrinters(lpstat, spawn, env);
        let chosen: string | null;
        try {
          chosen = await picker({ name: input.name, mimeType: input.mimeType, printers }, context);
        } catch (error) {
          if (context.signal.aborted) return { structuredContent: { printed: false } };
          return { isError: `pickerFailed: ${errorText(error)}` };
        }
        // An answer after the abort is refused: the person was no longer asked.
        if (chosen === null || context.signal.aborted) return { structuredContent: { printed: false } };
        if (typeof chosen !== 'string' || !printers.includes(chosen)) return { isError: 'pickerFailed: the picker did not answer a listed printer or null' };
        destination.push('-d', chosen);
      }
      const result = await spawn(lp, [...destination, '-t', input.name], { input: Buffer.from(input.data, 'base64'), env, timeoutMs });
      if (result.code === 0) return { structuredContent: { printed: true } };
      const line = (result.stderr.trim().split('\n')[0] ?? '').slice(0, 200);
      return { isError: `printFailed: ${result.failure ?? (line === '' ? `lp exit code ${result.code}` : line)}` };
    },
  });
}
