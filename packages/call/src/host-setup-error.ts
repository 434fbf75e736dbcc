/**
 * Thrown by `createCallPath` for a host set up wrongly: its message lists
 * EVERY problem, one per line (`manifest/0/id: no scope "photo.read" in the
 * catalog`, `provided/2: no capability "bluetooth" in the catalog`), and
 * `problems` holds them as an array.
 */
export class HostSetupError extends Error {
  /** Every problem found, each `<where>: <rule>`. */
  readonly problems: readonly string[];

  constructor(app: string, problems: readonly string[]) {
    super(`invalid xcap host setup for app ${JSON.stringify(app)}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'HostSetupError';
    this.problems = problems;
  }
}
