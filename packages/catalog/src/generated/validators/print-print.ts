// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_print` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation } from '../../schema/index.js';
import type { PrintPrintInput } from '../types/print-print.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `print_print`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o3 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let unknownKey4: string | undefined;
  for (const k in o3) {
    if (!own.call(o3, k)) continue;
    switch (k) {
      case "fileId": has1 = true; break;
      case "name": has2 = true; break;
      default:
        if (unknownKey4 === undefined || k < unknownKey4) unknownKey4 = k;
    }
  }
  if (!has1) return "/fileId required";
  if (unknownKey4 !== undefined) return "/" + pointerToken(unknownKey4) + " additionalProperties";
  const p5 = o3["fileId"];
  if (typeof p5 !== 'string') return "/fileId type";
  if (p5.length < 1) return "/fileId minLength";
  if (p5.length > 200 && codePointLength(p5) > 200) return "/fileId maxLength";
  if (has2) {
    const p8 = o3["name"];
    if (typeof p8 !== 'string') return "/name type";
    if (p8.length < 1) return "/name minLength";
    if (p8.length > 255 && codePointLength(p8) > 255) return "/name maxLength";
  }
  return null;
}

/** The first violation of `print_print`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o13 = v as { readonly [key: string]: unknown };
  let has12 = false;
  let unknownKey14: string | undefined;
  for (const k in o13) {
    if (!own.call(o13, k)) continue;
    switch (k) {
      case "printed": has12 = true; break;
      default:
        if (unknownKey14 === undefined || k < unknownKey14) unknownKey14 = k;
    }
  }
  if (!has12) return "/printed required";
  if (unknownKey14 !== undefined) return "/" + pointerToken(unknownKey14) + " additionalProperties";
  const p15 = o13["printed"];
  if (typeof p15 !== 'boolean') return "/printed type";
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
