// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_pick` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject, JsonValue } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation } from '../../schema/index.js';
import type { PhotosPickInput } from '../types/photos-pick.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `photos_pick`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o2 = v as { readonly [key: string]: unknown };
  let has1 = false;
  let unknownKey3: string | undefined;
  for (const k in o2) {
    if (!own.call(o2, k)) continue;
    switch (k) {
      case "limit": has1 = true; break;
      default:
        if (unknownKey3 === undefined || k < unknownKey3) unknownKey3 = k;
    }
  }
  if (unknownKey3 !== undefined) return "/" + pointerToken(unknownKey3) + " additionalProperties";
  if (has1) {
    const p4 = o2["limit"];
    if (typeof p4 !== 'number' || !Number.isInteger(p4)) return "/limit type";
    if (p4 < 1) return "/limit minimum";
    if (p4 > 50) return "/limit maximum";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem14(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o20 = v as { readonly [key: string]: unknown };
  let has15 = false;
  let has16 = false;
  let has17 = false;
  let has18 = false;
  let has19 = false;
  let unknownKey21: string | undefined;
  for (const k in o20) {
    if (!own.call(o20, k)) continue;
    switch (k) {
      case "id": has15 = true; break;
      case "name": has16 = true; break;
      case "mimeType": has17 = true; break;
      case "takenAt": has18 = true; break;
      case "data": has19 = true; break;
      default:
        if (unknownKey21 === undefined || k < unknownKey21) unknownKey21 = k;
    }
  }
  if (!has15) return "/id required";
  if (!has16) return "/name required";
  if (!has17) return "/mimeType required";
  if (!has18) return "/takenAt required";
  if (!has19) return "/data required";
  if (unknownKey21 !== undefined) return "/" + pointerToken(unknownKey21) + " additionalProperties";
  const p22 = o20["id"];
  if (typeof p22 !== 'string') return "/id type";
  if (p22.length < 1) return "/id minLength";
  if (p22.length > 500 && codePointLength(p22) > 500) return "/id maxLength";
  const p25 = o20["name"];
  if (typeof p25 !== 'string') return "/name type";
  if (p25.length < 1) return "/name minLength";
  if (p25.length > 255 && codePointLength(p25) > 255) return "/name maxLength";
  const p28 = o20["mimeType"];
  if (typeof p28 !== 'string') return "/mimeType type";
  if (p28.length < 1) return "/mimeType minLength";
  if (p28.length > 100 && codePointLength(p28) > 100) return "/mimeType maxLength";
  const p31 = o20["takenAt"];
  if (!(typeof p31 === 'string' || p31 === null)) return "/takenAt type";
  if (typeof p31 === 'string') {
    if (!isDateTime(p31)) return "/takenAt format";
  }
  const p34 = o20["data"];
  if (typeof p34 !== 'string') return "/data type";
  if (!isBase64(p34)) return "/data format";
  return null;
}

/** The first violation of `photos_pick`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o9 = v as { readonly [key: string]: unknown };
  let has8 = false;
  let unknownKey10: string | undefined;
  for (const k in o9) {
    if (!own.call(o9, k)) continue;
    switch (k) {
      case "photos": has8 = true; break;
      default:
        if (unknownKey10 === undefined || k < unknownKey10) unknownKey10 = k;
    }
  }
  if (!has8) return "/photos required";
  if (unknownKey10 !== undefined) return "/" + pointerToken(unknownKey10) + " additionalProperties";
  const p11 = o9["photos"];
  if (!Array.isArray(p11)) return "/photos type";
  const a13 = p11 as readonly unknown[];
  if (a13.length > 50) return "/photos maxItems";
  for (let i = 0; i < a13.length; i++) {
    const r38 = checkItem14(a13[i]);
    if (r38 !== null) return "/photos/" + i + r38;
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
