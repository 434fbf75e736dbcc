import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A fresh folder under the OS temp folder, removed when the test that made it
 * finishes. Call it inside a test (or a helper a test calls): the removal is
 * registered with vitest's `onTestFinished`, so importing this module registers
 * no hook (the PostgreSQL global setup imports this package too).
 */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xcap-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
