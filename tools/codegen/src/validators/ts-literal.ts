import type { JsonValue } from '@xcap/catalog/core';

/**
 * A JSON value as a TypeScript expression that builds an equal value. An
 * object key `__proto__` is written computed (`["__proto__"]: …`) so the
 * literal makes an own property instead of setting the prototype.
 */
export function tsLiteral(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  const entries = Object.keys(value).map((k) => {
    const key = k === '__proto__' ? `[${JSON.stringify(k)}]` : JSON.stringify(k);
    return `${key}: ${tsLiteral(value[k] as JsonValue)}`;
  });
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}
