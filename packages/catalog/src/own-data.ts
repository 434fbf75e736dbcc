/**
 * The value of `holder`'s OWN data property `key`, or `undefined`: an
 * inherited property, an accessor (its getter never runs) or a non-object
 * holder count as absent. Every field the spec reads from a manifest entry
 * or a call's arguments is read this way.
 */
export function ownData(holder: unknown, key: string): unknown {
  if (typeof holder !== 'object' || holder === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(holder, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}
