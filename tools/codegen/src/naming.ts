/** Name helpers shared by every emitter. */
import { qualifiedToolName } from '@xcap/catalog/core';

/** `photos_pick` → `PhotosPick`; `ede` → `Ede`. */
export function pascal(name: string): string {
  return name
    .split(/[_\-.]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `photos_pick` → `photos-pick` (file names). */
export function kebab(name: string): string {
  return name.replace(/_/g, '-');
}

/** `photos_pick` → `photos__pick` (the agent spelling). */
export function qualified(uiName: string): string {
  return qualifiedToolName('ui', uiName);
}

/** The capability and bare tool of a UI name (`photos_pick` → `['photos', 'pick']`). */
export function splitToolName(uiName: string): [string, string] {
  const i = uiName.indexOf('_');
  return [uiName.slice(0, i), uiName.slice(i + 1)];
}

/** A TypeScript string literal. */
export function lit(value: string): string {
  return JSON.stringify(value);
}

/** A doc comment block at `indent`, safe against `*\/` in the text. */
export function doc(text: string, indent = ''): string {
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** A property key: bare when it is an identifier, else a string literal. */
export function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
