import { runCli } from '../../src/cli/run-cli.js';

/** What one in-process `xcap …` run printed, and its exit code. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in this process on `argv` with `env` (HOME set to a folder that does not exist unless `env` names one) and collects what it printed. */
export async function runCliCaptured(argv: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { HOME: '/nonexistent-home', ...env } });
  return { code, stdout, stderr };
}
