import { describe, expect, it } from 'vitest';
import { resolvesWithin } from '../src/index.js';

describe('resolvesWithin', () => {
  it('answers true for a promise that resolves in time, false when the time is up first', async () => {
    expect(await resolvesWithin(new Promise((resolve) => setTimeout(resolve, 5)), 1_000)).toBe(true);
    expect(await resolvesWithin(new Promise(() => undefined), 20)).toBe(false);
  });

  it('rejects with the promise\'s rejection (it waits for resolution, not for any end)', async () => {
    await expect(resolvesWithin(Promise.reject(new Error('gone')), 1_000)).rejects.toThrow('gone');
  });

  it('a negative wait is no wait', async () => {
    expect(await resolvesWithin(new Promise(() => undefined), -5)).toBe(false);
  });
});
