/** One test's result read from node:test's TAP output. */
export interface TapResult {
  /** The titles of its suites and its own, joined with spaces (vitest's `fullName` spelling). */
  readonly fullName: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  /** The `error:` line of a failing test's diagnostics. */
  readonly error: string;
}

/**
 * The tests (not the suites) of a node:test TAP report (`--test-reporter=tap`,
 * subtests indented four spaces per level), in report order.
 */
export function tapResults(tap: string): TapResult[] {
  const names: string[] = [];
  const hasChildren: boolean[] = [];
  const results: TapResult[] = [];
  let last: { fullName: string; status: TapResult['status']; error: string } | undefined;
  for (const line of tap.split('\n')) {
    const subtest = /^( *)# Subtest: (.*)$/.exec(line);
    if (subtest !== null) {
      const level = subtest[1]!.length / 4;
      names.length = level;
      names.push(subtest[2]!);
      hasChildren[level] = false;
      if (level > 0) hasChildren[level - 1] = true;
      continue;
    }
    const result = /^( *)(ok|not ok) \d+ - (.*?)( # SKIP.*)?$/.exec(line);
    if (result !== null) {
      const level = result[1]!.length / 4;
      if (hasChildren[level] === true) continue;
      last = {
        fullName: [...names.slice(0, level), result[3]!].join(' '),
        status: result[4] !== undefined ? 'skipped' : result[2] === 'ok' ? 'passed' : 'failed',
        error: '',
      };
      results.push(last);
      continue;
    }
    const error = /^ +error: (.*)$/.exec(line);
    if (error !== null && last !== undefined && last.error === '') last.error = error[1]!;
  }
  return results;
}
