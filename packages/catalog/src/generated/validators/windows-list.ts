// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `windows_list` (straight-line code; the first violation in the spec's order). */

import type { JsonObject, SchemaViolation, ValidationResult } from '../../runtime.js';
import { codePointLength, isToken, pointerToken, rootViolation } from '../../runtime.js';
import type { WindowsListInput } from '../types/windows-list.js';

const own = Object.prototype.hasOwnProperty;

/** The first violation of `windows_list`'s inputSchema as `<pointer> <keyword>`. */
function checkInput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o1 = v as { readonly [key: string]: unknown };
  let unknownKey2: string | undefined;
  for (const k in o1) {
    if (own.call(o1, k)) {
      if (unknownKey2 === undefined || k < unknownKey2) unknownKey2 = k;
    }
  }
  if (unknownKey2 !== undefined) return "/" + pointerToken(unknownKey2) + " additionalProperties";
  return null;
}

/** Checks one array item; the pointer of its violation is relative to the item. */
function checkItem9(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o10 = v as { readonly [key: string]: unknown };
  let has30 = false;
  let has31 = false;
  let has32 = false;
  let has33 = false;
  let has34 = false;
  let has35 = false;
  let unknownKey11: string | undefined;
  for (const k in o10) {
    if (!own.call(o10, k)) continue;
    switch (k) {
      case "id": has30 = true; break;
      case "title": has31 = true; break;
      case "app": has32 = true; break;
      case "workspace": has33 = true; break;
      case "focused": has34 = true; break;
      case "minimized": has35 = true; break;
      default:
        if (unknownKey11 === undefined || k < unknownKey11) unknownKey11 = k;
    }
  }
  if (!has30) return "/id required";
  if (!has31) return "/title required";
  if (!has32) return "/app required";
  if (!has33) return "/workspace required";
  if (!has34) return "/focused required";
  if (!has35) return "/minimized required";
  if (unknownKey11 !== undefined) return "/" + pointerToken(unknownKey11) + " additionalProperties";
  const p12 = o10["id"];
  if (typeof p12 !== 'string') return "/id type";
  if (!isToken(p12)) return "/id format";
  const p15 = o10["title"];
  if (typeof p15 !== 'string') return "/title type";
  if (p15.length > 500 && codePointLength(p15) > 500) return "/title maxLength";
  const p18 = o10["app"];
  if (typeof p18 !== 'string') return "/app type";
  if (p18.length > 200 && codePointLength(p18) > 200) return "/app maxLength";
  const p21 = o10["workspace"];
  if (typeof p21 !== 'number' || !Number.isInteger(p21)) return "/workspace type";
  if (p21 < 0) return "/workspace minimum";
  const p24 = o10["focused"];
  if (typeof p24 !== 'boolean') return "/focused type";
  const p27 = o10["minimized"];
  if (typeof p27 !== 'boolean') return "/minimized type";
  return null;
}

/** The first violation of `windows_list`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o4 = v as { readonly [key: string]: unknown };
  let has38 = false;
  let unknownKey5: string | undefined;
  for (const k in o4) {
    if (!own.call(o4, k)) continue;
    switch (k) {
      case "windows": has38 = true; break;
      default:
        if (unknownKey5 === undefined || k < unknownKey5) unknownKey5 = k;
    }
  }
  if (!has38) return "/windows required";
  if (unknownKey5 !== undefined) return "/" + pointerToken(unknownKey5) + " additionalProperties";
  const p6 = o4["windows"];
  if (!Array.isArray(p6)) return "/windows type";
  const a8 = p6 as readonly unknown[];
  if (a8.length > 500) return "/windows maxItems";
  for (let i = 0; i < a8.length; i++) {
    const r37 = checkItem9(a8[i]);
    if (r37 !== null) return "/windows/" + i + r37;
  }
  return null;
}

/**
 * Validates the arguments of `windows_list` against its inputSchema in the spec's order: the first
 * violation as `invalidParams: <pointer> <keyword>`, else a copy of the arguments with the missing
 * top-level defaults filled in. Absent arguments (`undefined`) count as `{}`.
 */
export function validateWindowsListInput(value: unknown): ValidationResult<WindowsListInput> {
  const v = value === undefined ? {} : value;
  const r = checkInput(v);
  if (r !== null) return { error: 'invalidParams: ' + r };
  const out: JsonObject = {};
  return { arguments: out as unknown as WindowsListInput };
}

/** Checks what `windows_list`'s native provider answered against its nativeOutputSchema: the first violation, or `null`. */
export function checkWindowsListNativeOutput(value: unknown): SchemaViolation | null {
  const r = checkNativeOutput(value);
  return r === null ? null : rootViolation(r);
}
