// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_save` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { FilesSaveInput } from '../types/files-save.js';

/** The first violation of `files_save`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "name")) return "/name required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "name" && k !== "fileId" && k !== "text" && k !== "mimeType" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["name"];
  if (typeof p3 !== 'string') return "/name type";
  if (p3.length < 1) return "/name minLength";
  if (p3.length > 255 && codePointLength(p3) > 255) return "/name maxLength";
  if (Object.hasOwn(o1, "fileId")) {
    const p6 = o1["fileId"];
    if (typeof p6 !== 'string') return "/fileId type";
    if (p6.length < 1) return "/fileId minLength";
    if (p6.length > 200 && codePointLength(p6) > 200) return "/fileId maxLength";
  }
  if (Object.hasOwn(o1, "text")) {
    const p9 = o1["text"];
    if (typeof p9 !== 'string') return "/text type";
    if (p9.length > 1000000 && codePointLength(p9) > 1000000) return "/text maxLength";
  }
  if (Object.hasOwn(o1, "mimeType")) {
    const p12 = o1["mimeType"];
    if (typeof p12 !== 'string') return "/mimeType type";
    if (p12.length < 1) return "/mimeType minLength";
    if (p12.length > 100 && codePointLength(p12) > 100) return "/mimeType maxLength";
  }
  if ((Object.hasOwn(o1, "fileId") ? 1 : 0) + (Object.hasOwn(o1, "text") ? 1 : 0) !== 1) return " oneOf";
  return null;
}

/** The first violation of `files_save`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o16 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o16, "saved")) return "/saved required";
  let unknownKey17: string | undefined;
  for (const k of Object.keys(o16)) {
    if (k !== "saved" && (unknownKey17 === undefined || k < unknownKey17)) unknownKey17 = k;
  }
  if (unknownKey17 !== undefined) return "/" + pointerToken(unknownKey17) + " additionalProperties";
  const p18 = o16["saved"];
  if (typeof p18 !== 'boolean') return "/saved type";
  return null;
}

/**
 * Validates the arguments of `files_save` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateFilesSaveInput(value: unknown): ValidationResult<FilesSaveInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as FilesSaveInput };
}

/** Checks what `files_save`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkFilesSaveNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
