/**
 * Thrown by `spawnProviders` when a provider command cannot serve: it
 * cannot be spawned, exits or does not answer `providers/describe`, speaks
 * another protocol version, describes something the catalog does not
 * define, or a capability is described by two commands. Its message lists
 * EVERY problem, one per line, each naming the command; `problems` holds
 * them as an array.
 */
export class ProviderSetupError extends Error {
  /** Every problem found, each `<command>: <where>: <rule>`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid provider command setup:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ProviderSetupError';
    this.problems = problems;
  }
}
