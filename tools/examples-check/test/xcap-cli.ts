import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { conformanceCli, ensureFreshBuild, xcapBundle } from '@xcap/test-support';
import { repoRoot } from './repo-paths.js';

/** The committed `xcap` launcher of @xcap/host-node (it runs the built bundle dist/cli-bundle/main.js). */
export const xcapBin = join(repoRoot, 'packages/host-node/bin/xcap.js');

/** The committed `xcap-conformance` launcher of @xcap/host-testing (it runs the built dist). */
export const conformanceBin = join(repoRoot, 'packages/host-testing/bin/xcap-conformance.js');

/** Makes sure the command `pkg` ships (host-node's `xcap` bundle, host-testing's `xcap-conformance`) is built from the current sources (rebuilt once when stale, else fails naming the stale file). */
export function requireBuilt(pkg: 'host-node' | 'host-testing'): void {
  ensureFreshBuild(pkg === 'host-node' ? xcapBundle : conformanceCli);
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
