/**
 * A line diff (longest common subsequence) of two texts, and its unified
 * form for a person: the reports are a few hundred lines, so the quadratic
 * table is small.
 */

/** One line of a diff: kept (` `), removed (`-`) or added (`+`). */
export interface DiffLine {
  readonly op: ' ' | '-' | '+';
  readonly text: string;
}

/** The lines of `before` and `after` as kept, removed and added lines, in order. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ op: ' ', text: a[i++]! });
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ op: '+', text: b[j++]! });
    } else {
      out.push({ op: '-', text: a[i++]! });
    }
  }
  return out;
}

/** The changed lines of a diff with `context` kept lines around each run, `…` between distant runs; empty when nothing changed. */
export function unifiedDiff(diff: readonly DiffLine[], context = 2): string {
  const show = new Set<number>();
  diff.forEach((line, k) => {
    if (line.op === ' ') return;
    for (let c = Math.max(0, k - context); c <= Math.min(diff.length - 1, k + context); c++) show.add(c);
  });
  const out: string[] = [];
  let last = -1;
  for (const k of [...show].sort((x, y) => x - y)) {
    if (last >= 0 && k > last + 1) out.push('…');
    out.push(`${diff[k]!.op}${diff[k]!.text}`);
    last = k;
  }
  return out.join('\n');
}
