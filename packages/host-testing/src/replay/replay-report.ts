import type { CaseKind } from '@xcap/catalog';

/** One case that did not answer what the catalog document expects. */
export interface ReplayFailure {
  /** The case array, e.g. `bridgeCases`. */
  readonly kind: CaseKind;
  /** The case's index in its array. */
  readonly index: number;
  /** The case's `name`, or a label made of its inputs (parse and validate cases have no name). */
  readonly name: string;
  /** What the case expects (for composite cases, only the parts that differ). */
  readonly expected: unknown;
  /** What the real packages answered (same parts). */
  readonly got: unknown;
}

/** One replayed case and whether it passed (for reports that list every case, such as JUnit). */
export interface ReplayedCase {
  /** The case array, e.g. `bridgeCases`. */
  readonly kind: CaseKind;
  /** The case's index in its array. */
  readonly index: number;
  /** The case's `name`, or a label made of its inputs. */
  readonly name: string;
  /** Whether the real packages answered what the case expects. */
  readonly pass: boolean;
}

/** What replaying a catalog document's cases found. */
export interface ReplayReport {
  readonly passed: number;
  readonly failed: number;
  /** Every failing case, in document order (kind by kind). */
  readonly failures: ReplayFailure[];
  /** Every replayed case, passed or not, in document order (kind by kind). */
  readonly cases: ReplayedCase[];
}
