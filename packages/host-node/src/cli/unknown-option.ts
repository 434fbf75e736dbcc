import type { Command } from 'commander';

/**
 * The first option of `argv` that the command it is given to does not know,
 * as the CLI reports it — `unknown option '--manfest' (did you mean
 * --manifest?)` — or `undefined`. Checked before commander parses, so a typo
 * is reported as itself and not as the required option it missed
 * (`--manfest app.json` is not "required option '--manifest' not
 * specified"). The command is found by its names in `argv` (`token add`);
 * the value of an option that takes one is skipped, and nothing after `--`
 * is an option. An unknown command, and `--help` before any unknown
 * option, are left to commander. The catalog (for `closestKey`) is loaded
 * only when an unknown option is found.
 */
export async function unknownOption(program: Command, argv: readonly string[]): Promise<string | undefined> {
  let command = program;
  let takesValue = false;
  for (const arg of argv) {
    if (takesValue) {
      takesValue = false;
      continue;
    }
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') {
      const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
      if (sub !== undefined) command = sub;
      // An unknown command is commander's to report (`unknown command 'grnat' (did you mean grant?)`).
      else if (command.commands.length > 0) return undefined;
      continue;
    }
    const flag = arg.startsWith('--') ? (arg.split('=', 1)[0] as string) : arg.slice(0, 2);
    const known = [...command.options, ...(command === program ? [] : program.options)];
    const option = known.find((o) => o.long === flag || o.short === flag);
    if (option !== undefined) {
      takesValue = (option.required || option.optional) && !arg.includes('=') && (arg.startsWith('--') || arg.length === 2);
      continue;
    }
    // Help wins over everything after it, as commander prints it first.
    if (flag === '--help' || flag === '-h') return undefined;
    // The nearest known long option, by the catalog's own typo rule (closestKey), compared without the dashes.
    const names = known.flatMap((o) => (o.long === undefined ? [] : [o.long.slice(2)])).concat('help');
    const { closestKey } = await import('@xcap/catalog');
    const near = closestKey(flag.replace(/^-+/, ''), names);
    return `unknown option '${flag}'${near === undefined ? '' : ` (did you mean --${near}?)`}`;
  }
  return undefined;
}
