import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The `xcap` launcher of the installed `@xcap/host-node` (its committed `bin/xcap.js`, which runs the built CLI). */
export function xcapBin(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@xcap/host-node/package.json')), 'bin', 'xcap.js');
}

/** What one `xcap …` child process printed, and its exit code. */
export interface XcapRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `xcap <args>` as a child process (the way a person types it) and collects its output. */
export function runXcap(args: readonly string[]): Promise<XcapRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [xcapBin(), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
