import { applyDefaults, checkValue, formatViolation } from '@xcap/catalog';
import type { Catalog, JsonObject, ValidationResult } from '@xcap/catalog';
import { findTool } from './find-tool.js';

/**
 * The bridge's step (1) VALIDATE: checks a call's arguments against the
 * tool's `inputSchema` with the spec-exact engine. Answers `{arguments}` (a
 * copy with top-level defaults applied) or `{error: 'invalidParams: <pointer>
 * <keyword>'}` for the first violation; a tool without a v1 entry in
 * `catalog.tools` answers `{error: 'unavailable'}` (clarification 4). Absent
 * arguments (`undefined`) count as `{}`. `tool` is the UI name, e.g.
 * `photos_pick`.
 */
export function validateArguments(catalog: Catalog, tool: string, args: unknown): ValidationResult {
  const def = findTool(catalog, tool);
  if (def === undefined) return { error: 'unavailable' };
  const value = args === undefined ? {} : args;
  const violation = checkValue(def.inputSchema, value);
  if (violation !== null) return { error: `invalidParams: ${formatViolation(violation)}` };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { arguments: value as JsonObject };
  return { arguments: applyDefaults(def.inputSchema, value as JsonObject) };
}
