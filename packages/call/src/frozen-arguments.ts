import type { JsonValue } from '@xcap/catalog';
import { snapshotArguments } from './snapshot-arguments.js';

/**
 * A deep-frozen copy of a call's argument snapshot, for the consent UI: what
 * it shows cannot change what runs. Iterative like `snapshotArguments`, so
 * any depth is fine.
 */
export function frozenArguments(value: JsonValue | undefined): JsonValue | undefined {
  const copy = snapshotArguments(value).value;
  const stack: unknown[] = [copy];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    Object.freeze(next);
    for (const member of Object.values(next)) if (typeof member === 'object' && member !== null) stack.push(member);
  }
  return copy;
}
