// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_save` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, pointerToken, rootViolation } from '../../runtime.js';
import type { FilesSaveInput } from '../types/files-save.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `files_save`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has9 = false;
  let has13 = false;
  let has17 = false;
  let has18 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "fileId": has9 = true; break;
      case "text": has13 = true; break;
      case "mimeType": has17 = true; break;
      case "name": has18 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has18) return "/name required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["name"];
  if (typeof p3 !== 'string') return "/name type";
  if (p3.length < 1) return "/name minLength";
  if (p3.length > 255 && codePointLength(p3) > 255) return "/name maxLength";
  if (has9) {
    const p6 = o1["fileId"];
    if (typeof p6 !== 'string') return "/fileId type";
    if (p6.length < 1) return "/fileId minLength";
    if (p6.length > 200 && codePointLength(p6) > 200) return "/fileId maxLength";
  }
  if (has13) {
    const p10 = o1["text"];
    if (typeof p10 !== 'string') return "/text type";
    if (p10.length > 1000000 && codePointLength(p10) > 1000000) return "/text maxLength";
  }
  if (has17) {
    const p14 = o1["mimeType"];
    if (typeof p14 !== 'string') return "/mimeType type";
    if (p14.length < 1) return "/mimeType minLength";
    if (p14.length > 100 && codePointLength(p14) > 100) return "/mimeType maxLength";
  }
  if ((has9 ? 1 : 0) + (has13 ? 1 : 0) !== 1) return "/ oneOf";
  return null;
}

/** The first violation of `files_save`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o20 = v as { readonly [key: string]: unknown };
  let has25 = false;
  let unknownKey21: string | undefined;
  for (const k in o20) {
    if (!own.call(o20, k)) continue;
    switch (k) {
      case "saved": has25 = true; break;
      default:
        if (unknownKey21 === undefined || k < unknownKey21) unknownKey21 = k;
    }
  }
  if (!has25) return "/saved required";
  if (unknownKey21 !== undefined) return "/" + pointerToken(unknownKey21) + " additionalProperties";
  const p22 = o20["saved"];
  if (typeof p22 !== 'boolean') return "/saved type";
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
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  return { arguments: out as unknown as FilesSaveInput };
}

/** Checks what `files_save`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkFilesSaveNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
