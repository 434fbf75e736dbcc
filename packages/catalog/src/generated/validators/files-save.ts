// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_save` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation } from '../../schema/index.js';
import type { FilesSaveInput } from '../types/files-save.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `files_save`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o5 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let has3 = false;
  let has4 = false;
  let unknownKey6: string | undefined;
  for (const k in o5) {
    if (!own.call(o5, k)) continue;
    switch (k) {
      case "name": has1 = true; break;
      case "fileId": has2 = true; break;
      case "text": has3 = true; break;
      case "mimeType": has4 = true; break;
      default:
        if (unknownKey6 === undefined || k < unknownKey6) unknownKey6 = k;
    }
  }
  if (!has1) return "/name required";
  if (unknownKey6 !== undefined) return "/" + pointerToken(unknownKey6) + " additionalProperties";
  const p7 = o5["name"];
  if (typeof p7 !== 'string') return "/name type";
  if (p7.length < 1) return "/name minLength";
  if (p7.length > 255 && codePointLength(p7) > 255) return "/name maxLength";
  if (has2) {
    const p10 = o5["fileId"];
    if (typeof p10 !== 'string') return "/fileId type";
    if (p10.length < 1) return "/fileId minLength";
    if (p10.length > 200 && codePointLength(p10) > 200) return "/fileId maxLength";
  }
  if (has3) {
    const p13 = o5["text"];
    if (typeof p13 !== 'string') return "/text type";
    if (p13.length > 1000000 && codePointLength(p13) > 1000000) return "/text maxLength";
  }
  if (has4) {
    const p16 = o5["mimeType"];
    if (typeof p16 !== 'string') return "/mimeType type";
    if (p16.length < 1) return "/mimeType minLength";
    if (p16.length > 100 && codePointLength(p16) > 100) return "/mimeType maxLength";
  }
  if ((has2 ? 1 : 0) + (has3 ? 1 : 0) !== 1) return "/ oneOf";
  return null;
}

/** The first violation of `files_save`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o21 = v as { readonly [key: string]: unknown };
  let has20 = false;
  let unknownKey22: string | undefined;
  for (const k in o21) {
    if (!own.call(o21, k)) continue;
    switch (k) {
      case "saved": has20 = true; break;
      default:
        if (unknownKey22 === undefined || k < unknownKey22) unknownKey22 = k;
    }
  }
  if (!has20) return "/saved required";
  if (unknownKey22 !== undefined) return "/" + pointerToken(unknownKey22) + " additionalProperties";
  const p23 = o21["saved"];
  if (typeof p23 !== 'boolean') return "/saved type";
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
