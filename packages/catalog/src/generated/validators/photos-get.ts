// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_get` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject, JsonValue } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation } from '../../schema/index.js';
import type { PhotosGetInput } from '../types/photos-get.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_get`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o2 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let unknownKey3: string | undefined;
  for (const k in o2) {
    if (!own.call(o2, k)) continue;
    switch (k) {
      case "id": has1 = true; break;
      default:
        if (unknownKey3 === undefined || k < unknownKey3) unknownKey3 = k;
    }
  }
  if (!has1) return "/id required";
  if (unknownKey3 !== undefined) return "/" + pointerToken(unknownKey3) + " additionalProperties";
  const p4 = o2["id"];
  if (typeof p4 !== 'string') return "/id type";
  if (p4.length < 1) return "/id minLength";
  if (p4.length > 500 && codePointLength(p4) > 500) return "/id maxLength";
  return null;
}

/** The first violation of `photos_get`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o9 = v as { readonly [key: string]: unknown };
  let has8 = false;
  let unknownKey10: string | undefined;
  for (const k in o9) {
    if (!own.call(o9, k)) continue;
    switch (k) {
      case "photo": has8 = true; break;
      default:
        if (unknownKey10 === undefined || k < unknownKey10) unknownKey10 = k;
    }
  }
  if (!has8) return "/photo required";
  if (unknownKey10 !== undefined) return "/" + pointerToken(unknownKey10) + " additionalProperties";
  const p11 = o9["photo"];
  if (typeof p11 !== 'object' || p11 === null || Array.isArray(p11)) return "/photo type";
  const o17 = p11 as { readonly [key: string]: unknown };
  let has12 = false;
  let has13 = false;
  let has14 = false;
  let has15 = false;
  let has16 = false;
  let unknownKey18: string | undefined;
  for (const k in o17) {
    if (!own.call(o17, k)) continue;
    switch (k) {
      case "id": has12 = true; break;
      case "name": has13 = true; break;
      case "mimeType": has14 = true; break;
      case "takenAt": has15 = true; break;
      case "data": has16 = true; break;
      default:
        if (unknownKey18 === undefined || k < unknownKey18) unknownKey18 = k;
    }
  }
  if (!has12) return "/photo/id required";
  if (!has13) return "/photo/name required";
  if (!has14) return "/photo/mimeType required";
  if (!has15) return "/photo/takenAt required";
  if (!has16) return "/photo/data required";
  if (unknownKey18 !== undefined) return "/photo/" + pointerToken(unknownKey18) + " additionalProperties";
  const p19 = o17["id"];
  if (typeof p19 !== 'string') return "/photo/id type";
  if (p19.length < 1) return "/photo/id minLength";
  if (p19.length > 500 && codePointLength(p19) > 500) return "/photo/id maxLength";
  const p22 = o17["name"];
  if (typeof p22 !== 'string') return "/photo/name type";
  if (p22.length < 1) return "/photo/name minLength";
  if (p22.length > 255 && codePointLength(p22) > 255) return "/photo/name maxLength";
  const p25 = o17["mimeType"];
  if (typeof p25 !== 'string') return "/photo/mimeType type";
  if (p25.length < 1) return "/photo/mimeType minLength";
  if (p25.length > 100 && codePointLength(p25) > 100) return "/photo/mimeType maxLength";
  const p28 = o17["takenAt"];
  if (!(typeof p28 === 'string' || p28 === null)) return "/photo/takenAt type";
  if (typeof p28 === 'string') {
    if (!isDateTime(p28)) return "/photo/takenAt format";
  }
  const p31 = o17["data"];
  if (typeof p31 !== 'string') return "/photo/data type";
  if (!isBase64(p31)) return "/photo/data format";
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
