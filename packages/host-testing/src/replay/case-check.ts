/**
 * One replayed case's verdict: what it expected, what the packages answered,
 * and whether those are the same by the kind's comparison rule.
 */
export interface CaseCheck {
  readonly pass: boolean;
  readonly expected: unknown;
  readonly got: unknown;
}
