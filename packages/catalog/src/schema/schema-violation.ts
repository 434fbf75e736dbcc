/**
 * The first rule a value breaks, as the spec reports it: the JSON pointer of
 * the offending value and the schema keyword it breaks.
 */

/** A schema violation: where (`/` for the root, RFC 6901 escaping) and which keyword. */
export interface SchemaViolation {
  /** JSON pointer of the value the rule is about (`/` for the root, e.g. `/blocks/3/caption`). */
  readonly pointer: string;
  /** The keyword broken, e.g. `type`, `required`, `additionalProperties`. */
  readonly keyword: string;
}

/** Prints a violation the spec's way: `<pointer> <keyword>` (the part after `invalidParams: `). */
export function formatViolation(v: SchemaViolation): string {
  return `${v.pointer} ${v.keyword}`;
}
