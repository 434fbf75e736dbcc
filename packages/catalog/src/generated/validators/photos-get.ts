// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_get` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { PhotosGetInput } from '../types/photos-get.js';

/** The first violation of `photos_get`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o1, "id")) return "/id required";
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "id" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  const p3 = o1["id"];
  if (typeof p3 !== 'string') return "/id type";
  if (p3.length < 1) return "/id minLength";
  if (p3.length > 500 && codePointLength(p3) > 500) return "/id maxLength";
  return null;
}

/** The first violation of `photos_get`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o7 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o7, "photo")) return "/photo required";
  let unknownKey8: string | undefined;
  for (const k of Object.keys(o7)) {
    if (k !== "photo" && (unknownKey8 === undefined || k < unknownKey8)) unknownKey8 = k;
  }
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  const p9 = o7["photo"];
  if (typeof p9 !== 'object' || p9 === null || Array.isArray(p9)) return "/photo type";
  const o10 = p9 as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o10, "id")) return "/photo/id required";
  if (!Object.hasOwn(o10, "name")) return "/photo/name required";
  if (!Object.hasOwn(o10, "mimeType")) return "/photo/mimeType required";
  if (!Object.hasOwn(o10, "takenAt")) return "/photo/takenAt required";
  if (!Object.hasOwn(o10, "data")) return "/photo/data required";
  let unknownKey11: string | undefined;
  for (const k of Object.keys(o10)) {
    if (k !== "id" && k !== "name" && k !== "mimeType" && k !== "takenAt" && k !== "data" && (unknownKey11 === undefined || k < unknownKey11)) unknownKey11 = k;
  }
  if (unknownKey11 !== undefined) return "/photo/" + pointerToken(unknownKey11) + " additionalProperties";
  const p12 = o10["id"];
  if (typeof p12 !== 'string') return "/photo/id type";
  if (p12.length < 1) return "/photo/id minLength";
  if (p12.length > 500 && codePointLength(p12) > 500) return "/photo/id maxLength";
  const p15 = o10["name"];
  if (typeof p15 !== 'string') return "/photo/name type";
  if (p15.length < 1) return "/photo/name minLength";
  if (p15.length > 255 && codePointLength(p15) > 255) return "/photo/name maxLength";
  const p18 = o10["mimeType"];
  if (typeof p18 !== 'string') return "/photo/mimeType type";
  if (p18.length < 1) return "/photo/mimeType minLength";
  if (p18.length > 100 && codePointLength(p18) > 100) return "/photo/mimeType maxLength";
  const p21 = o10["takenAt"];
  if (!(typeof p21 === 'string' || p21 === null)) return "/photo/takenAt type";
  if (typeof p21 === 'string') {
    if (!isDateTime(p21)) return "/photo/takenAt format";
  }
  const p24 = o10["data"];
  if (typeof p24 !== 'string') return "/photo/data type";
  if (!isBase64(p24)) return "/photo/data format";
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  return { arguments: out as unknown as PhotosGetInput };
}

/** Checks what `photos_get`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosGetNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
