/**
 * The tiny benchmark harness every `bench/*.bench.ts` uses: `measure` runs a
 * function repeatedly for a minimum time and answers operations per second.
 */

/** One figure a benchmark reports. */
export interface BenchRow {
  /** What was measured, e.g. `brokerDecide (call verdict)`. */
  readonly name: string;
  /** The figure. */
  readonly value: number;
  /** Its unit, e.g. `ops/s`, `ms`, `×`. */
  readonly unit: string;
  /** A short remark (the comparison, the input). */
  readonly note?: string;
}

/** Options of `measure`. */
export interface MeasureOptions {
  /** Run at least this long after warm-up (default 500 ms). */
  readonly minMs?: number;
  /** Warm-up time before measuring (default 100 ms). */
  readonly warmupMs?: number;
}

/**
 * Runs `fn` in batches until `minMs` has passed and answers its rate in
 * calls per second. `fn` may return a value; it is kept alive so the work
 * is not optimised away.
 */
export function measure(fn: () => unknown, options: MeasureOptions = {}): number {
  const minMs = options.minMs ?? 500;
  const warmupMs = options.warmupMs ?? 100;
  collectGarbage();
  let sink: unknown;
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) sink = fn();
  let calls = 0;
  let batch = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < batch; i++) sink = fn();
    calls += batch;
    elapsed = performance.now() - start;
    if (elapsed < minMs / 10) batch *= 2;
  }
  keep(sink);
  return (calls * 1000) / elapsed;
}

/** Measures an async function the same way (awaiting each call). */
export async function measureAsync(fn: () => Promise<unknown>, options: MeasureOptions = {}): Promise<number> {
  const minMs = options.minMs ?? 500;
  const warmupMs = options.warmupMs ?? 100;
  collectGarbage();
  let sink: unknown;
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) sink = await fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    sink = await fn();
    calls++;
    elapsed = performance.now() - start;
  }
  keep(sink);
  return (calls * 1000) / elapsed;
}

/**
 * Collects garbage left by setting up the inputs (when node runs with
 * `--expose-gc`, as `npm run bench` does), so no measurement pays for
 * another's garbage.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

let kept: unknown;
function keep(value: unknown): void {
  kept = value;
  if (kept === Symbol.for('never')) console.log(kept);
}

/**
 * Each function's best rate over `rounds` interleaved rounds (the machine is
 * shared: the best round is the least disturbed). Every round measures for
 * `minMs`; the first warms up for `warmupMs`, later ones for a tenth of it.
 */
export function bestOf(fns: Readonly<Record<string, () => unknown>>, rounds: number, minMs: number, warmupMs = 100): Record<string, number> {
  const rates: Record<string, number> = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      rates[name] = Math.max(rates[name] ?? 0, measure(fn, { minMs, warmupMs: r === 0 ? warmupMs : warmupMs / 10 }));
    }
  }
  return rates;
}

/** Prints rows as an aligned table. */
export function printTable(rows: readonly BenchRow[]): void {
  const fmt = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));
  const w = Math.max(...rows.map((r) => r.name.length), 4);
  for (const r of rows) {
    console.log(`${r.name.padEnd(w)}  ${fmt(r.value).padStart(14)} ${r.unit.padEnd(8)} ${r.note ?? ''}`);
  }
}

/** True when the module at `url` is the script node was started with. */
export function isMain(url: string): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  return url === new URL(`file://${arg.startsWith('/') ? '' : process.cwd() + '/'}${arg}`).href;
}
