// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `share_send` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isUri, pointerToken, rootViolation } from '../../schema/index.js';
import type { ShareSendInput } from '../types/share-send.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `share_send`'s inputSchema as `<pointer> <keyword>`. */
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
      case "text": has2 = true; break;
      case "url": has3 = true; break;
      case "fileId": has4 = true; break;
      case "name": has5 = true; break;
      case "mimeType": has6 = true; break;
      default:
        if (unknownKey8 === undefined || k < unknownKey8) unknownKey8 = k;
    }
  }
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  if (has1) {
    const p9 = o7["title"];
    if (typeof p9 !== 'string') return "/title type";
    if (p9.length < 1) return "/title minLength";
    if (p9.length > 200 && codePointLength(p9) > 200) return "/title maxLength";
  }
  if (has2) {
    const p12 = o7["text"];
    if (typeof p12 !== 'string') return "/text type";
    if (p12.length < 1) return "/text minLength";
    if (p12.length > 10000 && codePointLength(p12) > 10000) return "/text maxLength";
  }
  if (has3) {
    const p15 = o7["url"];
    if (typeof p15 !== 'string') return "/url type";
    if (!isUri(p15)) return "/url format";
  }
  if (has4) {
    const p18 = o7["fileId"];
    if (typeof p18 !== 'string') return "/fileId type";
    if (p18.length < 1) return "/fileId minLength";
    if (p18.length > 200 && codePointLength(p18) > 200) return "/fileId maxLength";
  }
  if (has5) {
    const p21 = o7["name"];
    if (typeof p21 !== 'string') return "/name type";
    if (p21.length < 1) return "/name minLength";
    if (p21.length > 255 && codePointLength(p21) > 255) return "/name maxLength";
  }
  if (has6) {
    const p24 = o7["mimeType"];
    if (typeof p24 !== 'string') return "/mimeType type";
    if (p24.length < 1) return "/mimeType minLength";
    if (p24.length > 100 && codePointLength(p24) > 100) return "/mimeType maxLength";
  }
  if (has4) {
    if (!has5) return "/name dependentRequired";
  }
  if (has6) {
    if (!has4) return "/fileId dependentRequired";
  }
  if (!((has2) || (has3) || (has4))) return "/ anyOf";
  return null;
}

/** The first violation of `share_send`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o29 = v as { readonly [key: string]: unknown };
  let has28 = false;
  let unknownKey30: string | undefined;
  for (const k in o29) {
    if (!own.call(o29, k)) continue;
    switch (k) {
      case "shared": has28 = true; break;
      default:
        if (unknownKey30 === undefined || k < unknownKey30) unknownKey30 = k;
    }
  }
  if (!has28) return "/shared required";
  if (unknownKey30 !== undefined) return "/" + pointerToken(unknownKey30) + " additionalProperties";
  const p31 = o29["shared"];
  if (typeof p31 !== 'boolean') return "/shared type";
  return null;
}

/**
 * Validates the arguments of `share_send` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateShareSendInput(value: unknown): ValidationResult<ShareSendInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  return { arguments: out as unknown as ShareSendInput };
}

/** Checks what `share_send`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkShareSendNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
