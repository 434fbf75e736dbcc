/**
 * A worker thread that keeps swapping one file name of a folder between a
 * real file and something a host must never read through it (a symbolic
 * link to `/dev/zero` or to a secret, a FIFO), with `link`/`symlink` then
 * `rename`, as fast as it can, until stopped (or for at most 30 s).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the swapped-in thing is: a symbolic link to `target`, or a FIFO. */
export type Intruder = { readonly link: string } | 'fifo';

const source = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { dir, name, intruder, flag } = workerData;
const stop = new Int32Array(flag);
const until = Date.now() + 30000;
const target = path.join(dir, name);
const temp = path.join(dir, '.swap-temp');
let swaps = 0;
while (Atomics.load(stop, 0) === 0 && Date.now() < until) {
  for (const real of [true, false]) {
    fs.rmSync(temp, { force: true });
    if (real) fs.linkSync(path.join(dir, '.real'), temp);
    else if (intruder === 'fifo') fs.linkSync(path.join(dir, '.fifo'), temp);
    else fs.symlinkSync(intruder.link, temp);
    fs.renameSync(temp, target);
    swaps++;
  }
}
fs.renameSync(path.join(dir, '.real'), target);
parentPort.postMessage(swaps);
`;

/** A running swapper; `stop` ends it, leaves the real file under the name and answers how many swaps were made. */
export interface FileSwapper {
  stop(): Promise<number>;
}

/**
 * Starts swapping `dir/name` between `real` (kept as the hidden `.real`,
 * linked under the name on every swap) and `intruder`. Until the worker's
 * first swap the name holds a separate copy of `real` (another inode). For a FIFO, `stop` also opens it once for reading and
 * writing, so a reader that blocked in `open` is let go.
 */
export function startSwapper(dir: string, name: string, real: Uint8Array, intruder: Intruder): FileSwapper {
  writeFileSync(join(dir, '.real'), real);
  if (intruder === 'fifo') execFileSync('mkfifo', [join(dir, '.fifo')]);
  writeFileSync(join(dir, name), real);
  const flag = new SharedArrayBuffer(4);
  const worker = new Worker(source, { eval: true, workerData: { dir, name, intruder, flag } });
  const done = new Promise<number>((resolve, reject) => {
    worker.once('message', (swaps: number) => resolve(swaps));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the swapper exited with ${code} before it answered`)));
  });
  let stopped: Promise<number> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        Atomics.store(new Int32Array(flag), 0, 1);
        try {
          return await done;
        } finally {
          await worker.terminate();
          if (intruder === 'fifo') closeSync(openSync(join(dir, '.fifo'), constants.O_RDWR | constants.O_NONBLOCK));
        }
      })();
      return stopped;
    },
  };
}

/** `promise`'s value, or `'timeout'` when it has not settled within `ms`. */
export async function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
