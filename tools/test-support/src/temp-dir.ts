import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

/** A fresh folder under the OS temp folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xcap-test-'));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
