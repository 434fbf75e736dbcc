// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `notifications_post` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isDateTime, isToken, pointerToken, rootViolation } from '../../schema/index.js';
import type { NotificationsPostInput } from '../types/notifications-post.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `notifications_post`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o7 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let has3 = false;
  let has4 = false;
  let has5 = false;
  let has6 = false;
  let unknownKey8: string | undefined;
  for (const k in o7) {
    if (!own.call(o7, k)) continue;
    switch (k) {
      case "title": has1 = true; break;
      case "id": has2 = true; break;
      case "body": has3 = true; break;
      case "at": has4 = true; break;
      case "screen": has5 = true; break;
      case "params": has6 = true; break;
      default:
        if (unknownKey8 === undefined || k < unknownKey8) unknownKey8 = k;
    }
  }
  if (!has1) return "/title required";
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  if (has2) {
    const p9 = o7["id"];
    if (typeof p9 !== 'string') return "/id type";
    if (!isToken(p9)) return "/id format";
  }
  const p12 = o7["title"];
  if (typeof p12 !== 'string') return "/title type";
  if (p12.length < 1) return "/title minLength";
  if (p12.length > 200 && codePointLength(p12) > 200) return "/title maxLength";
  if (has3) {
    const p15 = o7["body"];
    if (typeof p15 !== 'string') return "/body type";
    if (p15.length > 1000 && codePointLength(p15) > 1000) return "/body maxLength";
  }
  if (has4) {
    const p18 = o7["at"];
    if (typeof p18 !== 'string') return "/at type";
    if (!isDateTime(p18)) return "/at format";
  }
  if (has5) {
    const p21 = o7["screen"];
    if (typeof p21 !== 'string') return "/screen type";
    if (p21.length < 1) return "/screen minLength";
    if (p21.length > 100 && codePointLength(p21) > 100) return "/screen maxLength";
  }
  if (has6) {
    const p24 = o7["params"];
    if (typeof p24 !== 'object' || p24 === null || Array.isArray(p24)) return "/params type";
  }
  if (has6) {
    if (!has5) return "/screen dependentRequired";
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
