// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_list` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isDateTime, pointerToken, rootViolation } from '../../schema/index.js';
import type { PhotosListInput } from '../types/photos-list.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_list`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o3 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let has2 = false;
  let unknownKey4: string | undefined;
  for (const k in o3) {
    if (!own.call(o3, k)) continue;
    switch (k) {
      case "limit": has1 = true; break;
      case "cursor": has2 = true; break;
      default:
        if (unknownKey4 === undefined || k < unknownKey4) unknownKey4 = k;
    }
  }
  if (unknownKey4 !== undefined) return "/" + pointerToken(unknownKey4) + " additionalProperties";
  if (has1) {
    const p5 = o3["limit"];
    if (typeof p5 !== 'number' || !Number.isInteger(p5)) return "/limit type";
    if (p5 < 1) return "/limit minimum";
    if (p5 > 100) return "/limit maximum";
  }
  if (has2) {
    const p8 = o3["cursor"];
    if (typeof p8 !== 'string') return "/cursor type";
    if (p8.length < 1) return "/cursor minLength";
    if (p8.length > 200 && codePointLength(p8) > 200) return "/cursor maxLength";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem19(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o24 = v as { readonly [key: string]: unknown };
  let has20 = false;
  let has21 = false;
  let has22 = false;
  let has23 = false;
  let unknownKey25: string | undefined;
  for (const k in o24) {
    if (!own.call(o24, k)) continue;
    switch (k) {
      case "id": has20 = true; break;
      case "name": has21 = true; break;
      case "mimeType": has22 = true; break;
      case "takenAt": has23 = true; break;
      default:
        if (unknownKey25 === undefined || k < unknownKey25) unknownKey25 = k;
    }
  }
  if (!has20) return "/id required";
  if (!has21) return "/name required";
  if (!has22) return "/mimeType required";
  if (!has23) return "/takenAt required";
  if (unknownKey25 !== undefined) return "/" + pointerToken(unknownKey25) + " additionalProperties";
  const p26 = o24["id"];
  if (typeof p26 !== 'string') return "/id type";
  if (p26.length < 1) return "/id minLength";
  if (p26.length > 500 && codePointLength(p26) > 500) return "/id maxLength";
  const p29 = o24["name"];
  if (typeof p29 !== 'string') return "/name type";
  if (p29.length < 1) return "/name minLength";
  if (p29.length > 255 && codePointLength(p29) > 255) return "/name maxLength";
  const p32 = o24["mimeType"];
  if (typeof p32 !== 'string') return "/mimeType type";
  if (p32.length < 1) return "/mimeType minLength";
  if (p32.length > 100 && codePointLength(p32) > 100) return "/mimeType maxLength";
  const p35 = o24["takenAt"];
  if (!(typeof p35 === 'string' || p35 === null)) return "/takenAt type";
  if (typeof p35 === 'string') {
    if (!isDateTime(p35)) return "/takenAt format";
  }
  return null;
}

/** The first violation of `photos_list`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o14 = v as { readonly [key: string]: unknown };
  let has12 = false;
  let has13 = false;
  let unknownKey15: string | undefined;
  for (const k in o14) {
    if (!own.call(o14, k)) continue;
    switch (k) {
      case "photos": has12 = true; break;
      case "cursor": has13 = true; break;
      default:
        if (unknownKey15 === undefined || k < unknownKey15) unknownKey15 = k;
    }
  }
  if (!has12) return "/photos required";
  if (!has13) return "/cursor required";
  if (unknownKey15 !== undefined) return "/" + pointerToken(unknownKey15) + " additionalProperties";
  const p16 = o14["photos"];
  if (!Array.isArray(p16)) return "/photos type";
  const a18 = p16 as readonly unknown[];
  if (a18.length > 100) return "/photos maxItems";
  for (let i = 0; i < a18.length; i++) {
    const r39 = checkItem19(a18[i]);
    if (r39 !== null) return "/photos/" + i + r39;
  }
  const p40 = o14["cursor"];
  if (!(typeof p40 === 'string' || p40 === null)) return "/cursor type";
  if (typeof p40 === 'string') {
    if (p40.length > 200 && codePointLength(p40) > 200) return "/cursor maxLength";
  }
  return null;
}

/**
 * Validates the arguments of `photos_list` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validatePhotosListInput(value: unknown): ValidationResult<PhotosListInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  if (!own.call(out, "limit")) out["limit"] = 50;
  return { arguments: out as unknown as PhotosListInput };
}

/** Checks what `photos_list`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosListNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
