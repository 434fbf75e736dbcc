// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_open` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isBase64, pointerToken, rootViolation, rootViolationText } from '../../schema/index.js';
import type { FilesOpenInput } from '../types/files-open.js';

/** One item at /accept (pointer relative to the item). */
function checkItem6(v: unknown): string | null {
  if (typeof v !== 'string') return " type";
  if (v.length < 1) return " minLength";
  if (v.length > 100 && codePointLength(v) > 100) return " maxLength";
  return null;
}

/** The first violation of `files_open`'s inputSchema, relative form. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o1 = v as { readonly [key: string]: unknown };
  let unknownKey2: string | undefined;
  for (const k of Object.keys(o1)) {
    if (k !== "accept" && k !== "multiple" && (unknownKey2 === undefined || k < unknownKey2)) unknownKey2 = k;
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (Object.hasOwn(o1, "accept")) {
    const p3 = o1["accept"];
    if (!Array.isArray(p3)) return "/accept type";
    const a5 = p3 as readonly unknown[];
    if (a5.length > 20) return "/accept maxItems";
    for (let i = 0; i < a5.length; i++) {
      const r9 = checkItem6(a5[i]);
      if (r9 !== null) return "/accept/" + i + r9;
    }
  }
  if (Object.hasOwn(o1, "multiple")) {
    const p10 = o1["multiple"];
    if (typeof p10 !== 'boolean') return "/multiple type";
  }
  return null;
}

/** One item at /files (pointer relative to the item). */
function checkItem19(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o20 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o20, "name")) return "/name required";
  if (!Object.hasOwn(o20, "mimeType")) return "/mimeType required";
  if (!Object.hasOwn(o20, "data")) return "/data required";
  let unknownKey21: string | undefined;
  for (const k of Object.keys(o20)) {
    if (k !== "name" && k !== "mimeType" && k !== "data" && (unknownKey21 === undefined || k < unknownKey21)) unknownKey21 = k;
  }
  if (unknownKey21 !== undefined) return "/" + pointerToken(unknownKey21) + " additionalProperties";
  const p22 = o20["name"];
  if (typeof p22 !== 'string') return "/name type";
  if (p22.length < 1) return "/name minLength";
  if (p22.length > 255 && codePointLength(p22) > 255) return "/name maxLength";
  const p25 = o20["mimeType"];
  if (typeof p25 !== 'string') return "/mimeType type";
  if (p25.length < 1) return "/mimeType minLength";
  if (p25.length > 100 && codePointLength(p25) > 100) return "/mimeType maxLength";
  const p28 = o20["data"];
  if (typeof p28 !== 'string') return "/data type";
  if (!isBase64(p28)) return "/data format";
  return null;
}

/** The first violation of `files_open`'s nativeOutputSchema, relative form. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o14 = v as { readonly [key: string]: unknown };
  if (!Object.hasOwn(o14, "files")) return "/files required";
  let unknownKey15: string | undefined;
  for (const k of Object.keys(o14)) {
    if (k !== "files" && (unknownKey15 === undefined || k < unknownKey15)) unknownKey15 = k;
  }
  if (unknownKey15 !== undefined) return "/" + pointerToken(unknownKey15) + " additionalProperties";
  const p16 = o14["files"];
  if (!Array.isArray(p16)) return "/files type";
  const a18 = p16 as readonly unknown[];
  if (a18.length > 100) return "/files maxItems";
  for (let i = 0; i < a18.length; i++) {
    const r32 = checkItem19(a18[i]);
    if (r32 !== null) return "/files/" + i + r32;
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
  if (r !== null) return { error: 'invalidParams: ' + rootViolationText(r) };
  const out: JsonObject = { ...(v as JsonObject) };
  if (!Object.hasOwn(out, "multiple")) out["multiple"] = false;
  return { arguments: out as unknown as FilesOpenInput };
}

/** Checks what `files_open`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkFilesOpenNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
