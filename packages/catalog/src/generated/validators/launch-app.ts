// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `launch_app` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject, JsonValue } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation } from '../../schema/index.js';
import type { LaunchAppInput } from '../types/launch-app.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `launch_app`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o2 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let unknownKey3: string | undefined;
  for (const k in o2) {
    if (!own.call(o2, k)) continue;
    switch (k) {
      case "app": has1 = true; break;
      default:
        if (unknownKey3 === undefined || k < unknownKey3) unknownKey3 = k;
    }
  }
  if (!has1) return "/app required";
  if (unknownKey3 !== undefined) return "/" + pointerToken(unknownKey3) + " additionalProperties";
  const p4 = o2["app"];
  if (typeof p4 !== 'string') return "/app type";
  if (p4.length < 1) return "/app minLength";
  if (p4.length > 200 && codePointLength(p4) > 200) return "/app maxLength";
  return null;
}

/** The first violation of `launch_app`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o9 = v as { readonly [key: string]: unknown };
  let has8 = false;
  let unknownKey10: string | undefined;
  for (const k in o9) {
    if (!own.call(o9, k)) continue;
    switch (k) {
      case "launched": has8 = true; break;
      default:
        if (unknownKey10 === undefined || k < unknownKey10) unknownKey10 = k;
    }
  }
  if (!has8) return "/launched required";
  if (unknownKey10 !== undefined) return "/" + pointerToken(unknownKey10) + " additionalProperties";
  const p11 = o9["launched"];
  if (typeof p11 !== 'boolean') return "/launched type";
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
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = Object.prototype.propertyIsEnumerable.call(o, "app") ? { "app": o["app"] as JsonValue } : {};
  return { arguments: out as unknown as LaunchAppInput };
}

/** Checks what `launch_app`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkLaunchAppNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
