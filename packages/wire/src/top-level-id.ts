import type { JsonRpcId } from './json-rpc-id.js';

/**
 * The top-level `id` of a JSON-RPC message read from the start of its text
 * alone (`head`, e.g. the first KiB of a line too long to parse): a string
 * or a safe integer found as a key of the outermost object before `head`
 * ends, or `undefined`. Keys of nested objects never count. Linear in
 * `head`; strings with escapes other than `\"` and `\\` are not read.
 */
export function topLevelId(head: string): JsonRpcId | undefined {
  let depth = 0;
  let i = 0;
  let expectKey = false;
  while (i < head.length) {
    const c = head[i];
    if (c === '"') {
      const end = stringEnd(head, i);
      if (end < 0) return undefined;
      const text = head.slice(i + 1, end);
      i = end + 1;
      if (depth === 1 && expectKey) {
        expectKey = false;
        if (text !== 'id') continue;
        const value = readValue(head, i);
        if (value !== undefined) return value;
        return undefined;
      }
      continue;
    }
    if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') {
      depth--;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
    }
    i++;
  }
  return undefined;
}

/** The index of the quote closing the string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** After a key: `: <string or safe integer>` (with spaces), or undefined. */
function readValue(text: string, from: number): JsonRpcId | undefined {
  const match = /^\s*:\s*(?:"((?:[^"\\]|\\["\\])*)"|(-?\d{1,16}))\s*[,}]/.exec(text.slice(from, from + 300));
  if (match === null) return undefined;
  if (match[1] !== undefined) return match[1].replace(/\\(["\\])/g, '$1');
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? id : undefined;
}
