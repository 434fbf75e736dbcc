/** The edit distance (insertions, deletions, substitutions and swaps of two neighbours) between `a` and `b`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The candidate nearest to `name` by edit distance, when it is near enough
 * to be a typo of it (at most a third of the name's letters changed, and at
 * most 3), or `undefined`. Names are compared without their leading dashes;
 * of equally near ones the first wins.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const bare = (s: string) => s.replace(/^-+/, '');
  const limit = Math.min(3, Math.floor(bare(name).length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(bare(name), bare(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, limit) ? best : undefined;
}
