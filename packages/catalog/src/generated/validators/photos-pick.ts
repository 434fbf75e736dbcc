// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `photos_pick` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, isDateTime, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { PhotosPickInput } from '../types/photos-pick.js';

/** The first violation of `photos_pick`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "limit" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (Object.hasOwn(o1, "limit")) {
    const p3 = o1["limit"];
    if (typeof p3 !== 'number' || !Number.isInteger(p3)) return "/limit type";
    if (p3 < 1) return "/limit minimum";
    if (p3 > 50) return "/limit maximum";
  }
  return null;
}

/** One item at /photos (pointer relative to the item). */
function checkItem12(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o13 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o13, "id")) return "/id required";
  if (!Object.hasOwn(o13, "name")) return "/name required";
  if (!Object.hasOwn(o13, "mimeType")) return "/mimeType required";
  if (!Object.hasOwn(o13, "takenAt")) return "/takenAt required";
  if (!Object.hasOwn(o13, "data")) return "/data required";
  let unknownKey14: string | undefined;
  for (const k of Object.keys(o13)) {
    if (k !== "id" && k !== "name" && k !== "mimeType" && k !== "takenAt" && k !== "data" && (unknownKey14 === undefined || k < unknownKey14)) unknownKey14 = k;
  }
  if (unknownKey14 !== undefined) return "/" + pointerToken(unknownKey14) + " additionalProperties";
  const p15 = o13["id"];
  if (typeof p15 !== 'string') return "/id type";
  if (p15.length < 1) return "/id minLength";
  if (p15.length > 500 && codePointLength(p15) > 500) return "/id maxLength";
  const p18 = o13["name"];
  if (typeof p18 !== 'string') return "/name type";
  if (p18.length < 1) return "/name minLength";
  if (p18.length > 255 && codePointLength(p18) > 255) return "/name maxLength";
  const p21 = o13["mimeType"];
  if (typeof p21 !== 'string') return "/mimeType type";
  if (p21.length < 1) return "/mimeType minLength";
  if (p21.length > 100 && codePointLength(p21) > 100) return "/mimeType maxLength";
  const p24 = o13["takenAt"];
  if (!(typeof p24 === 'string' || p24 === null)) return "/takenAt type";
  if (typeof p24 === 'string') {
    if (!isDateTime(p24)) return "/takenAt format";
  }
  const p27 = o13["data"];
  if (typeof p27 !== 'string') return "/data type";
  if (!isBase64(p27)) return "/data format";
  return null;
}

/** The first violation of `photos_pick`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o7 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o7, "photos")) return "/photos required";
  let unknownKey8: string | undefined;
  for (const k of Object.keys(o7)) {
    if (k !== "photos" && (unknownKey8 === undefined || k < unknownKey8)) unknownKey8 = k;
  }
  if (unknownKey8 !== undefined) return "/" + pointerToken(unknownKey8) + " additionalProperties";
  const p9 = o7["photos"];
  if (!Array.isArray(p9)) return "/photos type";
  const a11 = p9 as readonly unknown[];
  if (a11.length > 50) return "/photos maxItems";
  for (let i = 0; i < a11.length; i++) {
    const r31 = checkItem12(a11[i]);
    if (r31 !== null) return "/photos/" + i + r31;
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  if (!Object.hasOwn(out, "limit")) out["limit"] = 1;
  return { arguments: out as unknown as PhotosPickInput };
}

/** Checks what `photos_pick`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkPhotosPickNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
