// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_get` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, JsonValue, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation } from '../../runtime.js';
import type { PhotosGetInput } from '../types/photos-get.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_get`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has6 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "id": has6 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (!has6) return "/id required";
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["id"];
  if (typeof p3 !== 'string') return "/id type";
  if (p3.length < 1) return "/id minLength";
  if (p3.length > 500 && codePointLength(p3) > 500) return "/id maxLength";
  return null;
}

/** The first violation of `photos_get`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o8 = v as { readonly [key: string]: unknown };
  let has34 = false;
  let unknownKey9: string | undefined;
  for (const k in o8) {
    if (!own.call(o8, k)) continue;
    switch (k) {
      case "photo": has34 = true; break;
      default:
        if (unknownKey9 === undefined || k < unknownKey9) unknownKey9 = k;
    }
  }
  if (!has34) return "/photo required";
  if (unknownKey9 !== undefined) return "/" + pointerToken(unknownKey9) + " additionalProperties";
  const p10 = o8["photo"];
  if (typeof p10 !== 'object' || p10 === null || Array.isArray(p10)) return "/photo type";
  const o11 = p10 as { readonly [key: string]: unknown };
  let has28 = false;
  let has29 = false;
  let has30 = false;
  let has31 = false;
  let has32 = false;
  let unknownKey12: string | undefined;
  for (const k in o11) {
    if (!own.call(o11, k)) continue;
    switch (k) {
      case "id": has28 = true; break;
      case "name": has29 = true; break;
      case "mimeType": has30 = true; break;
      case "takenAt": has31 = true; break;
      case "data": has32 = true; break;
      default:
        if (unknownKey12 === undefined || k < unknownKey12) unknownKey12 = k;
    }
  }
  if (!has28) return "/photo/id required";
  if (!has29) return "/photo/name required";
  if (!has30) return "/photo/mimeType required";
  if (!has31) return "/photo/takenAt required";
  if (!has32) return "/photo/data required";
  if (unknownKey12 !== undefined) return "/photo/" + pointerToken(unknownKey12) + " additionalProperties";
  const p13 = o11["id"];
  if (typeof p13 !== 'string') return "/photo/id type";
  if (p13.length < 1) return "/photo/id minLength";
  if (p13.length > 500 && codePointLength(p13) > 500) return "/photo/id maxLength";
  const p16 = o11["name"];
  if (typeof p16 !== 'string') return "/photo/name type";
  if (p16.length < 1) return "/photo/name minLength";
  if (p16.length > 255 && codePointLength(p16) > 255) return "/photo/name maxLength";
  const p19 = o11["mimeType"];
  if (typeof p19 !== 'string') return "/photo/mimeType type";
  if (p19.length < 1) return "/photo/mimeType minLength";
  if (p19.length > 100 && codePointLength(p19) > 100) return "/photo/mimeType maxLength";
  const p22 = o11["takenAt"];
  if (!(typeof p22 === 'string' || p22 === null)) return "/photo/takenAt type";
  if (typeof p22 === 'string') {
    if (!isDateTime(p22)) return "/photo/takenAt format";
  }
  const p25 = o11["data"];
  if (typeof p25 !== 'string') return "/photo/data type";
  if (!isBase64(p25)) return "/photo/data format";
  return null;
}

/**
 * Validates the arguments of `photos_get` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validatePhotosGetInput(value: unknown): ValidationResult<PhotosGetInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = Object.prototype.propertyIsEnumerable.call(o, "id") ? { "id": o["id"] as JsonValue } : {};
  return { arguments: out as unknown as PhotosGetInput };
}

/** Checks what `photos_get`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosGetNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
