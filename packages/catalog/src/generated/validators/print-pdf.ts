// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `print_pdf` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import { codePointLength, pointerToken } from '../../schema/index.js';
import type { PrintPdfInput } from '../types/print-pdf.js';

const own = Object.prototype.hasOwnProperty;

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem15(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o21 = v as { readonly [key: string]: unknown };
  let has16 = false;
  let has17 = false;
  let has18 = false;
  let has19 = false;
  let has20 = false;
  let unknownKey22: string | undefined;
  for (const k in o21) {
    if (!own.call(o21, k)) continue;
    switch (k) {
      case "heading": has16 = true; break;
      case "text": has17 = true; break;
      case "image": has18 = true; break;
      case "caption": has19 = true; break;
      case "pageBreak": has20 = true; break;
      default:
        if (unknownKey22 === undefined || k < unknownKey22) unknownKey22 = k;
    }
  }
  if (unknownKey22 !== undefined) return "/" + pointerToken(unknownKey22) + " additionalProperties";
  if (has16) {
    const p23 = o21["heading"];
    if (typeof p23 !== 'string') return "/heading type";
    if (p23.length < 1) return "/heading minLength";
    if (p23.length > 500 && codePointLength(p23) > 500) return "/heading maxLength";
  }
  if (has17) {
    const p26 = o21["text"];
    if (typeof p26 !== 'string') return "/text type";
    if (p26.length > 20000 && codePointLength(p26) > 20000) return "/text maxLength";
  }
  if (has18) {
    const p29 = o21["image"];
    if (typeof p29 !== 'string') return "/image type";
    if (p29.length < 1) return "/image minLength";
    if (p29.length > 200 && codePointLength(p29) > 200) return "/image maxLength";
  }
  if (has19) {
    const p32 = o21["caption"];
    if (typeof p32 !== 'string') return "/caption type";
    if (p32.length < 1) return "/caption minLength";
    if (p32.length > 500 && codePointLength(p32) > 500) return "/caption maxLength";
  }
  if (has20) {
    const p35 = o21["pageBreak"];
    if (typeof p35 !== 'boolean') return "/pageBreak type";
    if (!(p35 === true)) return "/pageBreak enum";
  }
  if (has19) {
    if (!has18) return "/image dependentRequired";
  }
  if ((has16 ? 1 : 0) + (has17 ? 1 : 0) + (has18 ? 1 : 0) + (has20 ? 1 : 0) !== 1) return " oneOf";
  return null;
}

/** The first violation of `print_pdf`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o4 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let has3 = false;
  let unknownKey5: string | undefined;
  for (const k in o4) {
    if (!own.call(o4, k)) continue;
    switch (k) {
      case "title": has1 = true; break;
      case "blocks": has2 = true; break;
      case "name": has3 = true; break;
      default:
        if (unknownKey5 === undefined || k < unknownKey5) unknownKey5 = k;
    }
  }
  if (!has1) return "/title required";
  if (!has2) return "/blocks required";
  if (unknownKey5 !== undefined) return "/" + pointerToken(unknownKey5) + " additionalProperties";
  const p6 = o4["title"];
  if (typeof p6 !== 'string') return "/title type";
  if (p6.length < 1) return "/title minLength";
  if (p6.length > 200 && codePointLength(p6) > 200) return "/title maxLength";
  if (has3) {
    const p9 = o4["name"];
    if (typeof p9 !== 'string') return "/name type";
    if (p9.length < 1) return "/name minLength";
    if (p9.length > 255 && codePointLength(p9) > 255) return "/name maxLength";
  }
  const p12 = o4["blocks"];
  if (!Array.isArray(p12)) return "/blocks type";
  const a14 = p12 as readonly unknown[];
  if (a14.length < 1) return "/blocks minItems";
  if (a14.length > 2000) return "/blocks maxItems";
  for (let i = 0; i < a14.length; i++) {
    const r39 = checkItem15(a14[i]);
    if (r39 !== null) return "/blocks/" + i + r39;
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
