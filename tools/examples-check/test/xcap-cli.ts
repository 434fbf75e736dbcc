import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-paths.js';

/** The committed `xcap` launcher of @xcap/host-node (it runs the built bundle dist/cli-bundle/main.js). */
export const xcapBin = join(repoRoot, 'packages/host-node/bin/xcap.js');

/** The committed `xcap-conformance` launcher of @xcap/host-testing (it runs the built dist). */
export const conformanceBin = join(repoRoot, 'packages/host-testing/bin/xcap-conformance.js');

/** Fails naming the build command when a package's build output is missing. */
export function requireBuilt(pkg: 'host-node' | 'host-testing', file: string): void {
  const built = join(repoRoot, 'packages', pkg, file);
  if (!existsSync(built)) throw new Error(`${built} is missing: build first (npx tsc -b packages/${pkg}/tsconfig.build.json, or npm run build)`);
}

/** What one CLI run printed and its exit code. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node <bin> <args>` and collects its output; killed after `timeoutMs`. */
export function runNode(bin: string, args: readonly string[], timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
