/** A clock that always answers the same instant (default 2026-01-01T00:00:00Z). */
export function fixedClock(at: string | Date = '2026-01-01T00:00:00.000Z'): () => Date {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`fixedClock: not a date: ${String(at)}`);
  return () => new Date(ms);
}
