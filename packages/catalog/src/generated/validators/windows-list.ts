// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Spec-exact validators of `windows_list` (straight-line code; the first violation in the spec's order). */

import type { ValidationResult } from '../../call-types.js';
import type { JsonObject } from '../../catalog-types.js';
import type { SchemaViolation } from '../../schema/index.js';
import { codePointLength, isToken, pointerToken, rootViolation } from '../../schema/index.js';
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
function checkItem10(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return " type";
  const o17 = v as { readonly [key: string]: unknown };
  let has11 = false;
  let has12 = false;
  let has13 = false;
  let has14 = false;
  let has15 = false;
  let has16 = false;
  let unknownKey18: string | undefined;
  for (const k in o17) {
    if (!own.call(o17, k)) continue;
    switch (k) {
      case "id": has11 = true; break;
      case "title": has12 = true; break;
      case "app": has13 = true; break;
      case "workspace": has14 = true; break;
      case "focused": has15 = true; break;
      case "minimized": has16 = true; break;
      default:
        if (unknownKey18 === undefined || k < unknownKey18) unknownKey18 = k;
    }
  }
  if (!has11) return "/id required";
  if (!has12) return "/title required";
  if (!has13) return "/app required";
  if (!has14) return "/workspace required";
  if (!has15) return "/focused required";
  if (!has16) return "/minimized required";
  if (unknownKey18 !== undefined) return "/" + pointerToken(unknownKey18) + " additionalProperties";
  const p19 = o17["id"];
  if (typeof p19 !== 'string') return "/id type";
  if (!isToken(p19)) return "/id format";
  const p22 = o17["title"];
  if (typeof p22 !== 'string') return "/title type";
  if (p22.length > 500 && codePointLength(p22) > 500) return "/title maxLength";
  const p25 = o17["app"];
  if (typeof p25 !== 'string') return "/app type";
  if (p25.length > 200 && codePointLength(p25) > 200) return "/app maxLength";
  const p28 = o17["workspace"];
  if (typeof p28 !== 'number' || !Number.isInteger(p28)) return "/workspace type";
  if (p28 < 0) return "/workspace minimum";
  const p31 = o17["focused"];
  if (typeof p31 !== 'boolean') return "/focused type";
  const p34 = o17["minimized"];
  if (typeof p34 !== 'boolean') return "/minimized type";
  return null;
}

/** The first violation of `windows_list`'s nativeOutputSchema as `<pointer> <keyword>`. */
function checkNativeOutput(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return "/ type";
  const o5 = v as { readonly [key: string]: unknown };
  let has4 = false;
  let unknownKey6: string | undefined;
  for (const k in o5) {
    if (!own.call(o5, k)) continue;
    switch (k) {
      case "windows": has4 = true; break;
      default:
        if (unknownKey6 === undefined || k < unknownKey6) unknownKey6 = k;
    }
  }
  if (!has4) return "/windows required";
  if (unknownKey6 !== undefined) return "/" + pointerToken(unknownKey6) + " additionalProperties";
  const p7 = o5["windows"];
  if (!Array.isArray(p7)) return "/windows type";
  const a9 = p7 as readonly unknown[];
  if (a9.length > 500) return "/windows maxItems";
  for (let i = 0; i < a9.length; i++) {
    const r38 = checkItem10(a9[i]);
    if (r38 !== null) return "/windows/" + i + r38;
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
