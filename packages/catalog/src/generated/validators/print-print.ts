// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_print` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { PrintPrintInput } from '../types/print-print.js';

/** The first violation of `print_print`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "fileId")) return "/fileId required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "fileId" && k !== "name" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["fileId"];
  if (typeof p3 !== 'string') return "/fileId type";
  if (p3.length < 1) return "/fileId minLength";
  if (p3.length > 200 && codePointLength(p3) > 200) return "/fileId maxLength";
  if (Object.hasOwn(o1, "name")) {
    const p6 = o1["name"];
    if (typeof p6 !== 'string') return "/name type";
    if (p6.length < 1) return "/name minLength";
    if (p6.length > 255 && codePointLength(p6) > 255) return "/name maxLength";
  }
  return null;
}

/** The first violation of `print_print`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o10 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o10, "printed")) return "/printed required";
  let unknownKey11: string | undefined;
  for (const k of Object.keys(o10)) {
    if (k !== "printed" && (unknownKey11 === undefined || k < unknownKey11)) unknownKey11 = k;
  }
  if (unknownKey11 !== undefined) return "/" + pointerToken(unknownKey11) + " additionalProperties";
  const p12 = o10["printed"];
  if (typeof p12 !== 'boolean') return "/printed type";
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as PrintPrintInput };
}

/** Checks what `print_print`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPrintPrintNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
