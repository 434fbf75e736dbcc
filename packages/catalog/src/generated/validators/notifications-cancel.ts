// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_cancel` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { isToken, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { NotificationsCancelInput } from '../types/notifications-cancel.js';

/** The first violation of `notifications_cancel`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "id")) return "/id required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "id" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["id"];
  if (typeof p3 !== 'string') return "/id type";
  if (!isToken(p3)) return "/id format";
  return null;
}

/** The first violation of `notifications_cancel`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o7 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o7, "cancelled")) return "/cancelled required";
  let unknownKey8: string | undefined;
  for (const k of Object.keys(o7)) {
    if (k !== "cancelled" && (unknownKey8 === undefined || k < unknownKey8)) unknownKey8 = k;
  }
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  const p9 = o7["cancelled"];
  if (typeof p9 !== 'boolean') return "/cancelled type";
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as NotificationsCancelInput };
}

/** Checks what `notifications_cancel`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkNotificationsCancelNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
