// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_cancel` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, JsonValue, SchemaViolation, ValidationResult } from '../../runtime.js';
import { isToken, pointerToken, rootViolation } from '../../runtime.js';
import type { NotificationsCancelInput } from '../types/notifications-cancel.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `notifications_cancel`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "id": has6 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has6) return "/id required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["id"];
  if (typeof p3 !== 'string') return "/id type";
  if (!isToken(p3)) return "/id format";
  return null;
}

/** The first violation of `notifications_cancel`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o8 = v as { readonly [key: string]: unknown };
  let has13 = false;
  let unknownKey9: string | undefined;
  for (const k in o8) {
    if (!own.call(o8, k)) continue;
    switch (k) {
      case "cancelled": has13 = true; break;
      default:
        if (unknownKey9 === undefined || k < unknownKey9) unknownKey9 = k;
    }
  }
  if (!has13) return "/cancelled required";
  if (unknownKey9 !== undefined) return "/" + pointerToken(unknownKey9) + " additionalProperties";
  const p10 = o8["cancelled"];
  if (typeof p10 !== 'boolean') return "/cancelled type";
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
