// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_pdf` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, ValidationResult } from '../../runtime.js';
import { codePointLength, pointerToken } from '../../runtime.js';
import type { PrintPdfInput } from '../types/print-pdf.js';

const own = Object.prototype.hasOwnProperty;

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem13(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o14 = v as { readonly [key: string]: unknown };
  let has19 = false;
  let has23 = false;
  let has27 = false;
  let has31 = false;
  let has35 = false;
  let unknownKey15: string | undefined;
  for (const k in o14) {
    if (!own.call(o14, k)) continue;
    switch (k) {
      case "heading": has19 = true; break;
      case "text": has23 = true; break;
      case "image": has27 = true; break;
      case "caption": has31 = true; break;
      case "pageBreak": has35 = true; break;
      default:
        if (unknownKey15 === undefined || k < unknownKey15) unknownKey15 = k;
    }
  }
  if (unknownKey15 !== undefined) return "/" + pointerToken(unknownKey15) + " additionalProperties";
  if (has19) {
    const p16 = o14["heading"];
    if (typeof p16 !== 'string') return "/heading type";
    if (p16.length < 1) return "/heading minLength";
    if (p16.length > 500 && codePointLength(p16) > 500) return "/heading maxLength";
  }
  if (has23) {
    const p20 = o14["text"];
    if (typeof p20 !== 'string') return "/text type";
    if (p20.length > 20000 && codePointLength(p20) > 20000) return "/text maxLength";
  }
  if (has27) {
    const p24 = o14["image"];
    if (typeof p24 !== 'string') return "/image type";
    if (p24.length < 1) return "/image minLength";
    if (p24.length > 200 && codePointLength(p24) > 200) return "/image maxLength";
  }
  if (has31) {
    const p28 = o14["caption"];
    if (typeof p28 !== 'string') return "/caption type";
    if (p28.length < 1) return "/caption minLength";
    if (p28.length > 500 && codePointLength(p28) > 500) return "/caption maxLength";
  }
  if (has35) {
    const p32 = o14["pageBreak"];
    if (typeof p32 !== 'boolean') return "/pageBreak type";
    if (!(p32 === true)) return "/pageBreak enum";
  }
  if (has31) {
    if (!has27) return "/image dependentRequired";
  }
  if ((has19 ? 1 : 0) + (has23 ? 1 : 0) + (has27 ? 1 : 0) + (has35 ? 1 : 0) !== 1) return " oneOf";
  return null;
}

/** The first violation of `print_pdf`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has9 = false;
  let has38 = false;
  let has39 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "name": has9 = true; break;
      case "title": has38 = true; break;
      case "blocks": has39 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has38) return "/title required";
  if (!has39) return "/blocks required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["title"];
  if (typeof p3 !== 'string') return "/title type";
  if (p3.length < 1) return "/title minLength";
  if (p3.length > 200 && codePointLength(p3) > 200) return "/title maxLength";
  if (has9) {
    const p6 = o1["name"];
    if (typeof p6 !== 'string') return "/name type";
    if (p6.length < 1) return "/name minLength";
    if (p6.length > 255 && codePointLength(p6) > 255) return "/name maxLength";
  }
  const p10 = o1["blocks"];
  if (!Array.isArray(p10)) return "/blocks type";
  const a12 = p10 as readonly unknown[];
  if (a12.length < 1) return "/blocks minItems";
  if (a12.length > 2000) return "/blocks maxItems";
  for (let i = 0; i < a12.length; i++) {
    const r37 = checkItem13(a12[i]);
    if (r37 !== null) return "/blocks/" + i + r37;
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
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  return { arguments: out as unknown as PrintPdfInput };
}
