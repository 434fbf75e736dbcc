// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_list` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isDateTime, pointerToken, rootViolation } from '../../runtime.js';
import type { PhotosListInput } from '../types/photos-list.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_list`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let has10 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "limit": has6 = true; break;
      case "cursor": has10 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (has6) {
    const p3 = o1["limit"];
    if (typeof p3 !== 'number' || !Number.isInteger(p3)) return "/limit type";
    if (p3 < 1) return "/limit minimum";
    if (p3 > 100) return "/limit maximum";
  }
  if (has10) {
    const p7 = o1["cursor"];
    if (typeof p7 !== 'string') return "/cursor type";
    if (p7.length < 1) return "/cursor minLength";
    if (p7.length > 200 && codePointLength(p7) > 200) return "/cursor maxLength";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem17(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o18 = v as { readonly [key: string]: unknown };
  let has32 = false;
  let has33 = false;
  let has34 = false;
  let has35 = false;
  let unknownKey19: string | undefined;
  for (const k in o18) {
    if (!own.call(o18, k)) continue;
    switch (k) {
      case "id": has32 = true; break;
      case "name": has33 = true; break;
      case "mimeType": has34 = true; break;
      case "takenAt": has35 = true; break;
      default:
        if (unknownKey19 === undefined || k < unknownKey19) unknownKey19 = k;
    }
  }
  if (!has32) return "/id required";
  if (!has33) return "/name required";
  if (!has34) return "/mimeType required";
  if (!has35) return "/takenAt required";
  if (unknownKey19 !== undefined) return "/" + pointerToken(unknownKey19) + " additionalProperties";
  const p20 = o18["id"];
  if (typeof p20 !== 'string') return "/id type";
  if (p20.length < 1) return "/id minLength";
  if (p20.length > 500 && codePointLength(p20) > 500) return "/id maxLength";
  const p23 = o18["name"];
  if (typeof p23 !== 'string') return "/name type";
  if (p23.length < 1) return "/name minLength";
  if (p23.length > 255 && codePointLength(p23) > 255) return "/name maxLength";
  const p26 = o18["mimeType"];
  if (typeof p26 !== 'string') return "/mimeType type";
  if (p26.length < 1) return "/mimeType minLength";
  if (p26.length > 100 && codePointLength(p26) > 100) return "/mimeType maxLength";
  const p29 = o18["takenAt"];
  if (!(typeof p29 === 'string' || p29 === null)) return "/takenAt type";
  if (typeof p29 === 'string') {
    if (!isDateTime(p29)) return "/takenAt format";
  }
  return null;
}

/** The first violation of `photos_list`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o12 = v as { readonly [key: string]: unknown };
  let has41 = false;
  let has42 = false;
  let unknownKey13: string | undefined;
  for (const k in o12) {
    if (!own.call(o12, k)) continue;
    switch (k) {
      case "photos": has41 = true; break;
      case "cursor": has42 = true; break;
      default:
        if (unknownKey13 === undefined || k < unknownKey13) unknownKey13 = k;
    }
  }
  if (!has41) return "/photos required";
  if (!has42) return "/cursor required";
  if (unknownKey13 !== undefined) return "/" + pointerToken(unknownKey13) + " additionalProperties";
  const p14 = o12["photos"];
  if (!Array.isArray(p14)) return "/photos type";
  const a16 = p14 as readonly unknown[];
  if (a16.length > 100) return "/photos maxItems";
  for (let i = 0; i < a16.length; i++) {
    const r37 = checkItem17(a16[i]);
    if (r37 !== null) return "/photos/" + i + r37;
  }
  const p38 = o12["cursor"];
  if (!(typeof p38 === 'string' || p38 === null)) return "/cursor type";
  if (typeof p38 === 'string') {
    if (p38.length > 200 && codePointLength(p38) > 200) return "/cursor maxLength";
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
