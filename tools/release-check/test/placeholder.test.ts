import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';

it('the repository root is two folders up', () => {
  expect(existsSync(new URL('../../../package.json', import.meta.url))).toBe(true);
});
