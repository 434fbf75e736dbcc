// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `files_open` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isBase64, pointerToken, rootViolation } from '../../runtime.js';
import type { FilesOpenInput } from '../types/files-open.js';

const own = Object.prototype.hasOwnProperty;

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem6(v: unknown): string | null {
  if (typeof v !== 'string') return " type";
  if (v.length < 1) return " minLength";
  if (v.length > 100 && codePointLength(v) > 100) return " maxLength";
  return null;
}

/** The first violation of `files_open`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let has10 = false;
  let has14 = false;
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (!own.call(o1, k)) continue;
    switch (k) {
      case "accept": has10 = true; break;
      case "multiple": has14 = true; break;
      default:
        if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  if (has10) {
    const p3 = o1["accept"];
    if (!Array.isArray(p3)) return "/accept type";
    const a5 = p3 as readonly unknown[];
    if (a5.length > 20) return "/accept maxItems";
    for (let i = 0; i < a5.length; i++) {
      const r9 = checkItem6(a5[i]);
      if (r9 !== null) return "/accept/" + i + r9;
    }
  }
  if (has14) {
    const p11 = o1["multiple"];
    if (typeof p11 !== 'boolean') return "/multiple type";
  }
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem21(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o22 = v as { readonly [key: string]: unknown };
  let has33 = false;
  let has34 = false;
  let has35 = false;
  let unknownKey23: string | undefined;
  for (const k in o22) {
    if (!own.call(o22, k)) continue;
    switch (k) {
      case "name": has33 = true; break;
      case "mimeType": has34 = true; break;
      case "data": has35 = true; break;
      default:
        if (unknownKey23 === undefined || k < unknownKey23) unknownKey23 = k;
    }
  }
  if (!has33) return "/name required";
  if (!has34) return "/mimeType required";
  if (!has35) return "/data required";
  if (unknownKey23 !== undefined) return "/" + pointerToken(unknownKey23) + " additionalProperties";
  const p24 = o22["name"];
  if (typeof p24 !== 'string') return "/name type";
  if (p24.length < 1) return "/name minLength";
  if (p24.length > 255 && codePointLength(p24) > 255) return "/name maxLength";
  const p27 = o22["mimeType"];
  if (typeof p27 !== 'string') return "/mimeType type";
  if (p27.length < 1) return "/mimeType minLength";
  if (p27.length > 100 && codePointLength(p27) > 100) return "/mimeType maxLength";
  const p30 = o22["data"];
  if (typeof p30 !== 'string') return "/data type";
  if (!isBase64(p30)) return "/data format";
  return null;
}

/** The first violation of `files_open`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o16 = v as { readonly [key: string]: unknown };
  let has38 = false;
  let unknownKey17: string | undefined;
  for (const k in o16) {
    if (!own.call(o16, k)) continue;
    switch (k) {
      case "files": has38 = true; break;
      default:
        if (unknownKey17 === undefined || k < unknownKey17) unknownKey17 = k;
    }
  }
  if (!has38) return "/files required";
  if (unknownKey17 !== undefined) return "/" + pointerToken(unknownKey17) + " additionalProperties";
  const p18 = o16["files"];
  if (!Array.isArray(p18)) return "/files type";
  const a20 = p18 as readonly unknown[];
  if (a20.length > 100) return "/files maxItems";
  for (let i = 0; i < a20.length; i++) {
    const r37 = checkItem21(a20[i]);
    if (r37 !== null) return "/files/" + i + r37;
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
  if (r !== null) return { error: 'invalidParams: ' + r };
  const o = v as JsonObject;
  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);
  if (!own.call(out, "multiple")) out["multiple"] = false;
  return { arguments: out as unknown as FilesOpenInput };
}

/** Checks what `files_open`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkFilesOpenNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
