// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `share_send` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isUri, pointerToken, rootViolation } from '../../runtime.js';
import type { ShareSendInput } from '../types/share-send.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `share_send`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let has10 = false;
  let has14 = false;
  let has18 = false;
  let has22 = false;
  let has26 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "title": has6 = true; break;
      case "text": has10 = true; break;
      case "url": has14 = true; break;
      case "fileId": has18 = true; break;
      case "name": has22 = true; break;
      case "mimeType": has26 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (has6) {
    const p3 = o1["title"];
    if (typeof p3 !== 'string') return "/title type";
    if (p3.length < 1) return "/title minLength";
    if (p3.length > 200 && codePointLength(p3) > 200) return "/title maxLength";
  }
  if (has10) {
    const p7 = o1["text"];
    if (typeof p7 !== 'string') return "/text type";
    if (p7.length < 1) return "/text minLength";
    if (p7.length > 10000 && codePointLength(p7) > 10000) return "/text maxLength";
  }
  if (has14) {
    const p11 = o1["url"];
    if (typeof p11 !== 'string') return "/url type";
    if (!isUri(p11)) return "/url format";
  }
  if (has18) {
    const p15 = o1["fileId"];
    if (typeof p15 !== 'string') return "/fileId type";
    if (p15.length < 1) return "/fileId minLength";
    if (p15.length > 200 && codePointLength(p15) > 200) return "/fileId maxLength";
  }
  if (has22) {
    const p19 = o1["name"];
    if (typeof p19 !== 'string') return "/name type";
    if (p19.length < 1) return "/name minLength";
    if (p19.length > 255 && codePointLength(p19) > 255) return "/name maxLength";
  }
  if (has26) {
    const p23 = o1["mimeType"];
    if (typeof p23 !== 'string') return "/mimeType type";
    if (p23.length < 1) return "/mimeType minLength";
    if (p23.length > 100 && codePointLength(p23) > 100) return "/mimeType maxLength";
  }
  if (has18) {
    if (!has22) return "/name dependentRequired";
  }
  if (has26) {
    if (!has18) return "/fileId dependentRequired";
  }
  if (!((has10) || (has14) || (has18))) return "/ anyOf";
  return null;
}

/** The first violation of `share_send`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o28 = v as { readonly [key: string]: unknown };
  let has33 = false;
  let unknownKey29: string | undefined;
  for (const k in o28) {
    if (!own.call(o28, k)) continue;
    switch (k) {
      case "shared": has33 = true; break;
      default:
        if (unknownKey29 === undefined || k < unknownKey29) unknownKey29 = k;
    }
  }
  if (!has33) return "/shared required";
  if (unknownKey29 !== undefined) return "/" + pointerToken(unknownKey29) + " additionalProperties";
  const p30 = o28["shared"];
  if (typeof p30 !== 'boolean') return "/shared type";
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
