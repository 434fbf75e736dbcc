// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_pick` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, JsonValue, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation } from '../../runtime.js';
import type { PhotosPickInput } from '../types/photos-pick.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_pick`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "limit": has6 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (has6) {
    const p3 = o1["limit"];
    if (typeof p3 !== 'number' || !Number.isInteger(p3)) return "/limit type";
    if (p3 < 1) return "/limit minimum";
    if (p3 > 50) return "/limit maximum";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem13(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o14 = v as { readonly [key: string]: unknown };
  let has31 = false;
  let has32 = false;
  let has33 = false;
  let has34 = false;
  let has35 = false;
  let unknownKey15: string | undefined;
  for (const k in o14) {
    if (!own.call(o14, k)) continue;
    switch (k) {
      case "id": has31 = true; break;
      case "name": has32 = true; break;
      case "mimeType": has33 = true; break;
      case "takenAt": has34 = true; break;
      case "data": has35 = true; break;
      default:
        if (unknownKey15 === undefined || k < unknownKey15) unknownKey15 = k;
    }
  }
  if (!has31) return "/id required";
  if (!has32) return "/name required";
  if (!has33) return "/mimeType required";
  if (!has34) return "/takenAt required";
  if (!has35) return "/data required";
  if (unknownKey15 !== undefined) return "/" + pointerToken(unknownKey15) + " additionalProperties";
  const p16 = o14["id"];
  if (typeof p16 !== 'string') return "/id type";
  if (p16.length < 1) return "/id minLength";
  if (p16.length > 500 && codePointLength(p16) > 500) return "/id maxLength";
  const p19 = o14["name"];
  if (typeof p19 !== 'string') return "/name type";
  if (p19.length < 1) return "/name minLength";
  if (p19.length > 255 && codePointLength(p19) > 255) return "/name maxLength";
  const p22 = o14["mimeType"];
  if (typeof p22 !== 'string') return "/mimeType type";
  if (p22.length < 1) return "/mimeType minLength";
  if (p22.length > 100 && codePointLength(p22) > 100) return "/mimeType maxLength";
  const p25 = o14["takenAt"];
  if (!(typeof p25 === 'string' || p25 === null)) return "/takenAt type";
  if (typeof p25 === 'string') {
    if (!isDateTime(p25)) return "/takenAt format";
  }
  const p28 = o14["data"];
  if (typeof p28 !== 'string') return "/data type";
  if (!isBase64(p28)) return "/data format";
  return null;
}

/** The first violation of `photos_pick`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o8 = v as { readonly [key: string]: unknown };
  let has38 = false;
  let unknownKey9: string | undefined;
  for (const k in o8) {
    if (!own.call(o8, k)) continue;
    switch (k) {
      case "photos": has38 = true; break;
      default:
        if (unknownKey9 === undefined || k < unknownKey9) unknownKey9 = k;
    }
  }
  if (!has38) return "/photos required";
  if (unknownKey9 !== undefined) return "/" + pointerToken(unknownKey9) + " additionalProperties";
  const p10 = o8["photos"];
  if (!Array.isArray(p10)) return "/photos type";
  const a12 = p10 as readonly unknown[];
  if (a12.length > 50) return "/photos maxItems";
  for (let i = 0; i < a12.length; i++) {
    const r37 = checkItem13(a12[i]);
    if (r37 !== null) return "/photos/" + i + r37;
  }
  return null;
}

/**
 * Validates the arguments of `photos_pick` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validatePhotosPickInput(value: unknown): ValidationResult<PhotosPickInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = Object.prototype.propertyIsEnumerable.call(o, "limit") ? { "limit": o["limit"] as JsonValue } : {};
  if (!own.call(out, "limit")) out["limit"] = 1;
  return { arguments: out as unknown as PhotosPickInput };
}

/** Checks what `photos_pick`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosPickNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
