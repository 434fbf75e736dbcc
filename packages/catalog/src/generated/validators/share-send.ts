// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `share_send` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isUri, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { ShareSendInput } from '../types/share-send.js';

/** The first violation of `share_send`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "title" && k !== "text" && k !== "url" && k !== "fileId" && k !== "name" && k !== "mimeType" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (Object.hasOwn(o1, "title")) {
    const p3 = o1["title"];
    if (typeof p3 !== 'string') return "/title type";
    if (p3.length < 1) return "/title minLength";
    if (p3.length > 200 && codePointLength(p3) > 200) return "/title maxLength";
  }
  if (Object.hasOwn(o1, "text")) {
    const p6 = o1["text"];
    if (typeof p6 !== 'string') return "/text type";
    if (p6.length < 1) return "/text minLength";
    if (p6.length > 10000 && codePointLength(p6) > 10000) return "/text maxLength";
  }
  if (Object.hasOwn(o1, "url")) {
    const p9 = o1["url"];
    if (typeof p9 !== 'string') return "/url type";
    if (!isUri(p9)) return "/url format";
  }
  if (Object.hasOwn(o1, "fileId")) {
    const p12 = o1["fileId"];
    if (typeof p12 !== 'string') return "/fileId type";
    if (p12.length < 1) return "/fileId minLength";
    if (p12.length > 200 && codePointLength(p12) > 200) return "/fileId maxLength";
  }
  if (Object.hasOwn(o1, "name")) {
    const p15 = o1["name"];
    if (typeof p15 !== 'string') return "/name type";
    if (p15.length < 1) return "/name minLength";
    if (p15.length > 255 && codePointLength(p15) > 255) return "/name maxLength";
  }
  if (Object.hasOwn(o1, "mimeType")) {
    const p18 = o1["mimeType"];
    if (typeof p18 !== 'string') return "/mimeType type";
    if (p18.length < 1) return "/mimeType minLength";
    if (p18.length > 100 && codePointLength(p18) > 100) return "/mimeType maxLength";
  }
  if (Object.hasOwn(o1, "fileId")) {
    if (!Object.hasOwn(o1, "name")) return "/name dependentRequired";
  }
  if (Object.hasOwn(o1, "mimeType")) {
    if (!Object.hasOwn(o1, "fileId")) return "/fileId dependentRequired";
  }
  if (!((Object.hasOwn(o1, "text")) || (Object.hasOwn(o1, "url")) || (Object.hasOwn(o1, "fileId")))) return " anyOf";
  return null;
}

/** The first violation of `share_send`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o22 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o22, "shared")) return "/shared required";
  let unknownKey23: string | undefined;
  for (const k of Object.keys(o22)) {
    if (k !== "shared" && (unknownKey23 === undefined || k < unknownKey23)) unknownKey23 = k;
  }
  if (unknownKey23 !== undefined) return "/" + pointerToken(unknownKey23) + " additionalProperties";
  const p24 = o22["shared"];
  if (typeof p24 !== 'boolean') return "/shared type";
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as ShareSendInput };
}

/** Checks what `share_send`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkShareSendNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
