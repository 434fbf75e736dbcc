// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_cancel` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject, JsonValue } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { isToken, pointerToken, rootViolation } from '../../schema/index.js';
import type { NotificationsCancelInput } from '../types/notifications-cancel.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `notifications_cancel`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o2 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let unknownKey3: string | undefined;
  for (const k in o2) {
    if (!own.call(o2, k)) continue;
    switch (k) {
      case "id": has1 = true; break;
      default:
        if (unknownKey3 === undefined || k < unknownKey3) unknownKey3 = k;
    }
  }
  if (!has1) return "/id required";
  if (unknownKey3 !== undefined) return "/" + pointerToken(unknownKey3) + " additionalProperties";
  const p4 = o2["id"];
  if (typeof p4 !== 'string') return "/id type";
  if (!isToken(p4)) return "/id format";
  return null;
}

/** The first violation of `notifications_cancel`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o9 = v as { readonly [key: string]: unknown };
  let has8 = false;
  let unknownKey10: string | undefined;
  for (const k in o9) {
    if (!own.call(o9, k)) continue;
    switch (k) {
      case "cancelled": has8 = true; break;
      default:
        if (unknownKey10 === undefined || k < unknownKey10) unknownKey10 = k;
    }
  }
  if (!has8) return "/cancelled required";
  if (unknownKey10 !== undefined) return "/" + pointerToken(unknownKey10) + " additionalProperties";
  const p11 = o9["cancelled"];
  if (typeof p11 !== 'boolean') return "/cancelled type";
  return null;
}

/**
 * Validates the arguments of `notifications_cancel` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateNotificationsCancelInput(value: unknown): ValidationResult<NotificationsCancelInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = Object.prototype.propertyIsEnumerable.call(o, "id") ? { "id": o["id"] as JsonValue } : {};
  return { arguments: out as unknown as NotificationsCancelInput };
}

/** Checks what `notifications_cancel`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkNotificationsCancelNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
