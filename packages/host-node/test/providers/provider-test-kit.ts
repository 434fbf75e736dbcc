/**
 * Shared pieces of the provider tests: temp folders, fake commands on a
 * temp PATH that record their argv, and the schema check every structured
 * answer goes through.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog, checkValue } from '@xcap/catalog';
import { afterEach } from 'vitest';

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test. */
export function tempDir(prefix = 'xcap-providers-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * A folder of executable shell scripts named after `commands`: each first
 * appends its arguments (NUL-separated, one call per line) to
 * `<root>/<name>.log`, then runs its body. `env.PATH` holds that folder
 * first, then the system folders (for `cat` and `sh`).
 */
export function fakeBin(commands: Readonly<Record<string, string>>): { readonly root: string; readonly bin: string; readonly env: NodeJS.ProcessEnv } {
  const root = tempDir('xcap-bin-');
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const [name, body] of Object.entries(commands)) {
    const log = join(root, `${name}.log`);
    const script = `#!/bin/sh\n{ for a in "$@"; do printf '%s\\0' "$a"; done; printf '\\n'; } >> '${log}'\n${body}\n`;
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return { root, bin, env: { PATH: `${bin}:/usr/bin:/bin` } };
}

/** The argument arrays of every call a `fakeBin` command recorded, in order. */
export function recordedCalls(root: string, name: string): string[][] {
  let text: string;
  try {
    text = readFileSync(join(root, `${name}.log`), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => (line === '' ? [] : line.slice(0, -1).split('\0')));
}

/** The schema problem of a native `structuredContent` for `tool`, or `null` when it matches the tool's `nativeOutputSchema`. */
export function nativeOutputProblem(tool: string, structuredContent: unknown): string | null {
  const def = catalog.tools.find((t) => t.name === tool);
  if (def === undefined || def.nativeOutputSchema === null) return `no native tool ${tool}`;
  const violation = checkValue(def.nativeOutputSchema, structuredContent);
  return violation === null ? null : `${violation.pointer} ${violation.keyword}`;
}
