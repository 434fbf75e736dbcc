import { afterEach, beforeEach } from 'vitest';

/** Runs every test of the calling file (or `describe`) with the process umask set to `mask`, restored after each test. */
export function useUmask(mask: number): void {
  let previous: number | undefined;
  beforeEach(() => {
    previous = process.umask(mask);
  });
  afterEach(() => {
    if (previous !== undefined) process.umask(previous);
  });
}
