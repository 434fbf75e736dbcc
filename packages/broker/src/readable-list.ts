/** Joins items as a sentence would: `a`, `a and b`, `a, b and c` (no Oxford comma). */
export function readableList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
