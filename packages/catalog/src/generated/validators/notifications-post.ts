// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_post` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isDateTime, isToken, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { NotificationsPostInput } from '../types/notifications-post.js';

/** The first violation of `notifications_post`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "title")) return "/title required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "id" && k !== "title" && k !== "body" && k !== "at" && k !== "screen" && k !== "params" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (Object.hasOwn(o1, "id")) {
    const p3 = o1["id"];
    if (typeof p3 !== 'string') return "/id type";
    if (!isToken(p3)) return "/id format";
  }
  const p6 = o1["title"];
  if (typeof p6 !== 'string') return "/title type";
  if (p6.length < 1) return "/title minLength";
  if (p6.length > 200 && codePointLength(p6) > 200) return "/title maxLength";
  if (Object.hasOwn(o1, "body")) {
    const p9 = o1["body"];
    if (typeof p9 !== 'string') return "/body type";
    if (p9.length > 1000 && codePointLength(p9) > 1000) return "/body maxLength";
  }
  if (Object.hasOwn(o1, "at")) {
    const p12 = o1["at"];
    if (typeof p12 !== 'string') return "/at type";
    if (!isDateTime(p12)) return "/at format";
  }
  if (Object.hasOwn(o1, "screen")) {
    const p15 = o1["screen"];
    if (typeof p15 !== 'string') return "/screen type";
    if (p15.length < 1) return "/screen minLength";
    if (p15.length > 100 && codePointLength(p15) > 100) return "/screen maxLength";
  }
  if (Object.hasOwn(o1, "params")) {
    const p18 = o1["params"];
    if (typeof p18 !== 'object' || p18 === null || Array.isArray(p18)) return "/params type";
  }
  if (Object.hasOwn(o1, "params")) {
    if (!Object.hasOwn(o1, "screen")) return "/screen dependentRequired";
  }
  return null;
}

/** The first violation of `notifications_post`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o22 = v as { readonly [key: string]: unknown };
  let unknownKey23: string | undefined;
  for (const k of Object.keys(o22)) {
    if ((unknownKey23 === undefined || k < unknownKey23)) unknownKey23 = k;
  }
  if (unknownKey23 !== undefined) return "/" + pointerToken(unknownKey23) + " additionalProperties";
  return null;
}

/**
 * Validates the arguments of `notifications_post` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateNotificationsPostInput(value: unknown): ValidationResult<NotificationsPostInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as NotificationsPostInput };
}

/** Checks what `notifications_post`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkNotificationsPostNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
