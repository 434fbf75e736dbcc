import type { CommandRunner } from './run-command.js';

/** The most printers listed. */
const maxPrinters = 100;

/**
 * The CUPS destinations `lpstat -e` lists (one name a line; empty lines
 * and names with spaces or control characters left out, at most 100), or
 * `[]` when `lpstat` is missing, fails or takes over `timeoutMs`.
 */
export async function listPrinters(lpstat: string | undefined, spawn: CommandRunner, env: NodeJS.ProcessEnv, timeoutMs = 5_000): Promise<string[]> {
  if (lpstat === undefined) return [];
  const result = await spawn(lpstat, ['-e'], { env, timeoutMs }).catch(() => undefined);
  if (result === undefined || result.code !== 0) return [];
  const names = result.stdout.split('\n').map((line) => line.trim());
  return [...new Set(names.filter((name) => name !== '' && /^[^\s\p{Cc}]+$/u.test(name)))].slice(0, maxPrinters);
}
