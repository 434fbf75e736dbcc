import { readFileSync } from 'node:fs';

/** A process's CPU time so far in µs (user + system, all threads) from Linux's /proc; `undefined` elsewhere. */
export function processCpuTime(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return undefined;
  }
}
