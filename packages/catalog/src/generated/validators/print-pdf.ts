// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_pdf` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import { codePointLength, pointerToken, rootViolationText } from '../../schema/index.js';
import type { PrintPdfInput } from '../types/print-pdf.js';

/** One item at /blocks (pointer relative to the item). */
function checkItem12(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o13 = v as { readonly [key: string]: unknown };
  let unknownKey14: string | undefined;
  for (const k of Object.keys(o13)) {
    if (k !== "heading" && k !== "text" && k !== "image" && k !== "caption" && k !== "pageBreak" && (unknownKey14 === undefined || k < unknownKey14)) unknownKey14 = k;
  }
  if (unknownKey14 !== undefined) return "/" + pointerToken(unknownKey14) + " additionalProperties";
  if (Object.hasOwn(o13, "heading")) {
    const p15 = o13["heading"];
    if (typeof p15 !== 'string') return "/heading type";
    if (p15.length < 1) return "/heading minLength";
    if (p15.length > 500 && codePointLength(p15) > 500) return "/heading maxLength";
  }
  if (Object.hasOwn(o13, "text")) {
    const p18 = o13["text"];
    if (typeof p18 !== 'string') return "/text type";
    if (p18.length > 20000 && codePointLength(p18) > 20000) return "/text maxLength";
  }
  if (Object.hasOwn(o13, "image")) {
    const p21 = o13["image"];
    if (typeof p21 !== 'string') return "/image type";
    if (p21.length < 1) return "/image minLength";
    if (p21.length > 200 && codePointLength(p21) > 200) return "/image maxLength";
  }
  if (Object.hasOwn(o13, "caption")) {
    const p24 = o13["caption"];
    if (typeof p24 !== 'string') return "/caption type";
    if (p24.length < 1) return "/caption minLength";
    if (p24.length > 500 && codePointLength(p24) > 500) return "/caption maxLength";
  }
  if (Object.hasOwn(o13, "pageBreak")) {
    const p27 = o13["pageBreak"];
    if (typeof p27 !== 'boolean') return "/pageBreak type";
    if (!(p27 === true)) return "/pageBreak enum";
  }
  if (Object.hasOwn(o13, "caption")) {
    if (!Object.hasOwn(o13, "image")) return "/image dependentRequired";
  }
  if ((Object.hasOwn(o13, "heading") ? 1 : 0) + (Object.hasOwn(o13, "text") ? 1 : 0) + (Object.hasOwn(o13, "image") ? 1 : 0) + (Object.hasOwn(o13, "pageBreak") ? 1 : 0) !== 1) return " oneOf";
  return null;
}

/** The first violation of `print_pdf`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "title")) return "/title required";
  if (!Object.hasOwn(o1, "blocks")) return "/blocks required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "title" && k !== "name" && k !== "blocks" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["title"];
  if (typeof p3 !== 'string') return "/title type";
  if (p3.length < 1) return "/title minLength";
  if (p3.length > 200 && codePointLength(p3) > 200) return "/title maxLength";
  if (Object.hasOwn(o1, "name")) {
    const p6 = o1["name"];
    if (typeof p6 !== 'string') return "/name type";
    if (p6.length < 1) return "/name minLength";
    if (p6.length > 255 && codePointLength(p6) > 255) return "/name maxLength";
  }
  const p9 = o1["blocks"];
  if (!Array.isArray(p9)) return "/blocks type";
  const a11 = p9 as readonly unknown[];
  if (a11.length < 1) return "/blocks minItems";
  if (a11.length > 2000) return "/blocks maxItems";
  for (let i = 0; i < a11.length; i++) {
    const r31 = checkItem12(a11[i]);
    if (r31 !== null) return "/blocks/" + i + r31;
  }
  return null;
}

/**
 * Validates the arguments of `print_pdf` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validatePrintPdfInput(value: unknown): ValidationResult<PrintPdfInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as PrintPdfInput };
}
