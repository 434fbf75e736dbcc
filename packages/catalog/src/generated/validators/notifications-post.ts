// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_post` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isDateTime, isToken, pointerToken, rootViolation } from '../../runtime.js';
import type { NotificationsPostInput } from '../types/notifications-post.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `notifications_post`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let has13 = false;
  let has17 = false;
  let has21 = false;
  let has25 = false;
  let has26 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "id": has6 = true; break;
      case "body": has13 = true; break;
      case "at": has17 = true; break;
      case "screen": has21 = true; break;
      case "params": has25 = true; break;
      case "title": has26 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has26) return "/title required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (has6) {
    const p3 = o1["id"];
    if (typeof p3 !== 'string') return "/id type";
    if (!isToken(p3)) return "/id format";
  }
  const p7 = o1["title"];
  if (typeof p7 !== 'string') return "/title type";
  if (p7.length < 1) return "/title minLength";
  if (p7.length > 200 && codePointLength(p7) > 200) return "/title maxLength";
  if (has13) {
    const p10 = o1["body"];
    if (typeof p10 !== 'string') return "/body type";
    if (p10.length > 1000 && codePointLength(p10) > 1000) return "/body maxLength";
  }
  if (has17) {
    const p14 = o1["at"];
    if (typeof p14 !== 'string') return "/at type";
    if (!isDateTime(p14)) return "/at format";
  }
  if (has21) {
    const p18 = o1["screen"];
    if (typeof p18 !== 'string') return "/screen type";
    if (p18.length < 1) return "/screen minLength";
    if (p18.length > 100 && codePointLength(p18) > 100) return "/screen maxLength";
  }
  if (has25) {
    const p22 = o1["params"];
    if (typeof p22 !== 'object' || p22 === null || Array.isArray(p22)) return "/params type";
  }
  if (has25) {
    if (!has21) return "/screen dependentRequired";
  }
  return null;
}

/** The first violation of `notifications_post`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o28 = v as { readonly [key: string]: unknown };
  let unknownKey29: string | undefined;
  for (const k in o28) {
    if (own.call(o28, k)) {
      if (unknownKey29 === undefined || k < unknownKey29) unknownKey29 = k;
    }
  }
  if (unknownKey29 !== undefined) return "/" + pointerToken(unknownKey29) + " additionalProperties";
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
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  return { arguments: out as unknown as NotificationsPostInput };
}

/** Checks what `notifications_post`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkNotificationsPostNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
