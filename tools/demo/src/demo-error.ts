/** Thrown when a demo step does not end as the story expects; the demo then exits non-zero. */
export class DemoError extends Error {
  constructor(step: string, expected: string, got: unknown) {
    super(`demo step "${step}" expected ${expected}, got ${JSON.stringify(got)}`);
    this.name = 'DemoError';
  }
}
