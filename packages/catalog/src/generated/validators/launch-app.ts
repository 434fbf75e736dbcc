// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `launch_app` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { LaunchAppInput } from '../types/launch-app.js';

/** The first violation of `launch_app`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "app")) return "/app required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "app" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["app"];
  if (typeof p3 !== 'string') return "/app type";
  if (p3.length < 1) return "/app minLength";
  if (p3.length > 200 && codePointLength(p3) > 200) return "/app maxLength";
  return null;
}

/** The first violation of `launch_app`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o7 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o7, "launched")) return "/launched required";
  let unknownKey8: string | undefined;
  for (const k of Object.keys(o7)) {
    if (k !== "launched" && (unknownKey8 === undefined || k < unknownKey8)) unknownKey8 = k;
  }
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  const p9 = o7["launched"];
  if (typeof p9 !== 'boolean') return "/launched type";
  return null;
}

/**
 * Validates the arguments of `launch_app` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateLaunchAppInput(value: unknown): ValidationResult<LaunchAppInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as LaunchAppInput };
}

/** Checks what `launch_app`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkLaunchAppNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
