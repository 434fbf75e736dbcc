/**
 * The error a generated tool client rejects with when a call is refused or
 * answers `isError`: it carries the tool and the reason the engine gave.
 */
export class ToolCallError extends Error {
  /** The tool called (UI spelling, `photos_pick`). */
  readonly tool: string;
  /** The full reason text, e.g. `invalidParams: /limit maximum` or `denied: consentNeeded`. */
  readonly reason: string;
  /** The reason's leading word: `invalidParams`, `notFound`, `denied`, `unavailable`, … */
  readonly code: string;

  constructor(tool: string, reason: string) {
    super(`${tool}: ${reason}`);
    this.name = 'ToolCallError';
    this.tool = tool;
    this.reason = reason;
    this.code = /^[^:\s]*/.exec(reason)?.[0] ?? reason;
  }
}
