/** A time ratio that other work on the machine disturbs little: CPU time of this process, interleaved runs, the fastest of each. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose_gc');
/** A full garbage collection, so no measurement pays for the garbage of the one before. */
const gc = runInNewContext('gc') as () => void;

/** CPU microseconds (user + system) this process spends in `run`, after a full collection. */
function cpuTime(run: () => void): number {
  gc();
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

/**
 * How many times longer `large` takes than `small` (the fastest of `rounds`
 * interleaved runs of each, in CPU time). For work 4 times the size, linear
 * code answers about 4 and quadratic code about 16.
 */
export function timeRatio(small: () => void, large: () => void, rounds = 7): number {
  small();
  large();
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let i = 0; i < rounds; i++) {
    bestSmall = Math.min(bestSmall, cpuTime(small));
    bestLarge = Math.min(bestLarge, cpuTime(large));
  }
  return bestLarge / Math.max(bestSmall, 1);
}
