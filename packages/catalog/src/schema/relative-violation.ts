/**
 * The compact form compiled and generated checkers pass upwards while they
 * unwind: one string `<relative pointer> <keyword>`, where the relative
 * pointer is empty for the value being checked. A parent prefixes its own
 * segment (`'/blocks/' + i + inner`), so a failing check allocates one
 * string per level and a passing check allocates nothing.
 */
import type { SchemaViolation } from './schema-violation.js';

/** `<relative pointer> <keyword>`; the pointer is `''` for the checked value itself. */
export type RelativeViolation = string;

/** Turns a violation found at the root (relative form, or already printed with `/` for the root) into a {@link SchemaViolation}. */
export function rootViolation(relative: RelativeViolation): SchemaViolation {
  const space = relative.lastIndexOf(' ');
  const pointer = relative.slice(0, space);
  return { pointer: pointer === '' ? '/' : pointer, keyword: relative.slice(space + 1) };
}
