// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_open` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, pointerToken, rootViolation } from '../../schema/index.js';
import type { FilesOpenInput } from '../types/files-open.js';

const own = Object.prototype.hasOwnProperty;

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem8(v: unknown): string | null {
  if (typeof v !== 'string') return " type";
  if (v.length < 1) return " minLength";
  if (v.length > 100 && codePointLength(v) > 100) return " maxLength";
  return null;
}

/** The first violation of `files_open`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o3 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let unknownKey4: string | undefined;
  for (const k in o3) {
    if (!own.call(o3, k)) continue;
    switch (k) {
      case "accept": has1 = true; break;
      case "multiple": has2 = true; break;
      default:
        if (unknownKey4 === undefined || k < unknownKey4) unknownKey4 = k;
    }
  }
  if (unknownKey4 !== undefined) return "/" + pointerToken(unknownKey4) + " additionalProperties";
  if (has1) {
    const p5 = o3["accept"];
    if (!Array.isArray(p5)) return "/accept type";
    const a7 = p5 as readonly unknown[];
    if (a7.length > 20) return "/accept maxItems";
    for (let i = 0; i < a7.length; i++) {
      const r11 = checkItem8(a7[i]);
      if (r11 !== null) return "/accept/" + i + r11;
    }
  }
  if (has2) {
    const p12 = o3["multiple"];
    if (typeof p12 !== 'boolean') return "/multiple type";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem22(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o26 = v as { readonly [key: string]: unknown };
  let has23 = false;
  let has24 = false;
  let has25 = false;
  let unknownKey27: string | undefined;
  for (const k in o26) {
    if (!own.call(o26, k)) continue;
    switch (k) {
      case "name": has23 = true; break;
      case "mimeType": has24 = true; break;
      case "data": has25 = true; break;
      default:
        if (unknownKey27 === undefined || k < unknownKey27) unknownKey27 = k;
    }
  }
  if (!has23) return "/name required";
  if (!has24) return "/mimeType required";
  if (!has25) return "/data required";
  if (unknownKey27 !== undefined) return "/" + pointerToken(unknownKey27) + " additionalProperties";
  const p28 = o26["name"];
  if (typeof p28 !== 'string') return "/name type";
  if (p28.length < 1) return "/name minLength";
  if (p28.length > 255 && codePointLength(p28) > 255) return "/name maxLength";
  const p31 = o26["mimeType"];
  if (typeof p31 !== 'string') return "/mimeType type";
  if (p31.length < 1) return "/mimeType minLength";
  if (p31.length > 100 && codePointLength(p31) > 100) return "/mimeType maxLength";
  const p34 = o26["data"];
  if (typeof p34 !== 'string') return "/data type";
  if (!isBase64(p34)) return "/data format";
  return null;
}

/** The first violation of `files_open`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o17 = v as { readonly [key: string]: unknown };
  let has16 = false;
  let unknownKey18: string | undefined;
  for (const k in o17) {
    if (!own.call(o17, k)) continue;
    switch (k) {
      case "files": has16 = true; break;
      default:
        if (unknownKey18 === undefined || k < unknownKey18) unknownKey18 = k;
    }
  }
  if (!has16) return "/files required";
  if (unknownKey18 !== undefined) return "/" + pointerToken(unknownKey18) + " additionalProperties";
  const p19 = o17["files"];
  if (!Array.isArray(p19)) return "/files type";
  const a21 = p19 as readonly unknown[];
  if (a21.length > 100) return "/files maxItems";
  for (let i = 0; i < a21.length; i++) {
    const r38 = checkItem22(a21[i]);
    if (r38 !== null) return "/files/" + i + r38;
  }
  return null;
}

/**
 * Validates the arguments of `files_open` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateFilesOpenInput(value: unknown): ValidationResult<FilesOpenInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  if (!own.call(out, "multiple")) out["multiple"] = false;
  return { arguments: out as unknown as FilesOpenInput };
}

/** Checks what `files_open`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkFilesOpenNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
