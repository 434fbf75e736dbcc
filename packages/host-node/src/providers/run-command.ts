import { createCommandGroup } from './command-group.js';
import type { CommandRunner } from './command-runner.js';

export type { CommandOptions, CommandResult, CommandRunner } from './command-runner.js';

/** The group of the commands `runCommand` starts: every caller of it in this process shares it. */
const processGroup = createCommandGroup();

/**
 * The default `CommandRunner` of the providers made outside a host:
 * `child_process.spawn` with no shell (each argument reaches the command as
 * one argv entry, whatever it holds), stdin fed from `input`, a timeout that
 * kills the command and everything it started (it runs in a process group
 * of its own). Its commands are in one process-wide group; a host runs its
 * own through a `createCommandGroup()`.
 */
export const runCommand: CommandRunner = (command, args, options) => processGroup.run(command, args, options);
