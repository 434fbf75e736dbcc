// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_list` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isDateTime, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { PhotosListInput } from '../types/photos-list.js';

/** The first violation of `photos_list`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "limit" && k !== "cursor" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (Object.hasOwn(o1, "limit")) {
    const p3 = o1["limit"];
    if (typeof p3 !== 'number' || !Number.isInteger(p3)) return "/limit type";
    if (p3 < 1) return "/limit minimum";
    if (p3 > 100) return "/limit maximum";
  }
  if (Object.hasOwn(o1, "cursor")) {
    const p6 = o1["cursor"];
    if (typeof p6 !== 'string') return "/cursor type";
    if (p6.length < 1) return "/cursor minLength";
    if (p6.length > 200 && codePointLength(p6) > 200) return "/cursor maxLength";
  }
  return null;
}

/** One item at /photos (pointer relative to the item). */
function checkItem15(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o16 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o16, "id")) return "/id required";
  if (!Object.hasOwn(o16, "name")) return "/name required";
  if (!Object.hasOwn(o16, "mimeType")) return "/mimeType required";
  if (!Object.hasOwn(o16, "takenAt")) return "/takenAt required";
  let unknownKey17: string | undefined;
  for (const k of Object.keys(o16)) {
    if (k !== "id" && k !== "name" && k !== "mimeType" && k !== "takenAt" && (unknownKey17 === undefined || k < unknownKey17)) unknownKey17 = k;
  }
  if (unknownKey17 !== undefined) return "/" + pointerToken(unknownKey17) + " additionalProperties";
  const p18 = o16["id"];
  if (typeof p18 !== 'string') return "/id type";
  if (p18.length < 1) return "/id minLength";
  if (p18.length > 500 && codePointLength(p18) > 500) return "/id maxLength";
  const p21 = o16["name"];
  if (typeof p21 !== 'string') return "/name type";
  if (p21.length < 1) return "/name minLength";
  if (p21.length > 255 && codePointLength(p21) > 255) return "/name maxLength";
  const p24 = o16["mimeType"];
  if (typeof p24 !== 'string') return "/mimeType type";
  if (p24.length < 1) return "/mimeType minLength";
  if (p24.length > 100 && codePointLength(p24) > 100) return "/mimeType maxLength";
  const p27 = o16["takenAt"];
  if (!(typeof p27 === 'string' || p27 === null)) return "/takenAt type";
  if (typeof p27 === 'string') {
    if (!isDateTime(p27)) return "/takenAt format";
  }
  return null;
}

/** The first violation of `photos_list`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o10 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o10, "photos")) return "/photos required";
  if (!Object.hasOwn(o10, "cursor")) return "/cursor required";
  let unknownKey11: string | undefined;
  for (const k of Object.keys(o10)) {
    if (k !== "photos" && k !== "cursor" && (unknownKey11 === undefined || k < unknownKey11)) unknownKey11 = k;
  }
  if (unknownKey11 !== undefined) return "/" + pointerToken(unknownKey11) + " additionalProperties";
  const p12 = o10["photos"];
  if (!Array.isArray(p12)) return "/photos type";
  const a14 = p12 as readonly unknown[];
  if (a14.length > 100) return "/photos maxItems";
  for (let i = 0; i < a14.length; i++) {
    const r31 = checkItem15(a14[i]);
    if (r31 !== null) return "/photos/" + i + r31;
  }
  const p32 = o10["cursor"];
  if (!(typeof p32 === 'string' || p32 === null)) return "/cursor type";
  if (typeof p32 === 'string') {
    if (p32.length > 200 && codePointLength(p32) > 200) return "/cursor maxLength";
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  if (!Object.hasOwn(out, "limit")) out["limit"] = 50;
  return { arguments: out as unknown as PhotosListInput };
}

/** Checks what `photos_list`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosListNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
