import { type CommandResult, runCommand } from '../../../tools/release-check/test/run-command.js';

// The release check's one way to run a command (the workspace's npm variables dropped, output collected).
export { type CommandResult, runCommand };

/** Runs a command and throws, with the end of its output, unless it exits 0. */
export async function mustRun(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): Promise<CommandResult> {
  const result = await runCommand(command, args, cwd, env);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${String(result.status)}:\n${`${result.stdout}\n${result.stderr}`.trim().slice(-4000)}`);
  }
  return result;
}
