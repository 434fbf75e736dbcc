// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_print` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, pointerToken, rootViolation } from '../../runtime.js';
import type { PrintPrintInput } from '../types/print-print.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `print_print`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has9 = false;
  let has10 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "name": has9 = true; break;
      case "fileId": has10 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has10) return "/fileId required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["fileId"];
  if (typeof p3 !== 'string') return "/fileId type";
  if (p3.length < 1) return "/fileId minLength";
  if (p3.length > 200 && codePointLength(p3) > 200) return "/fileId maxLength";
  if (has9) {
    const p6 = o1["name"];
    if (typeof p6 !== 'string') return "/name type";
    if (p6.length < 1) return "/name minLength";
    if (p6.length > 255 && codePointLength(p6) > 255) return "/name maxLength";
  }
  return null;
}

/** The first violation of `print_print`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o12 = v as { readonly [key: string]: unknown };
  let has17 = false;
  let unknownKey13: string | undefined;
  for (const k in o12) {
    if (!own.call(o12, k)) continue;
    switch (k) {
      case "printed": has17 = true; break;
      default:
        if (unknownKey13 === undefined || k < unknownKey13) unknownKey13 = k;
    }
  }
  if (!has17) return "/printed required";
  if (unknownKey13 !== undefined) return "/" + pointerToken(unknownKey13) + " additionalProperties";
  const p14 = o12["printed"];
  if (typeof p14 !== 'boolean') return "/printed type";
  return null;
}

/**
 * Validates the arguments of `print_print` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validatePrintPrintInput(value: unknown): ValidationResult<PrintPrintInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  return { arguments: out as unknown as PrintPrintInput };
}

/** Checks what `print_print`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPrintPrintNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
