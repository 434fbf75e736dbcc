/** How the notices `ProviderProcess` (`@xcap/provider-protocol`) writes about a provider's stdout begin. */
const stdoutNotices = [
  'a stdout line that is not JSON was ignored',
  'a stdout line that is not a JSON-RPC message was ignored',
  'messages ',
  'an answer to unknown id ',
  'discarded a stdout line of ',
];

/** How its notices about the process itself (exits, restarts, signals) begin. */
const processNotices = ['ended (', 'restarted (', 'restart refused', 'still running '];

/**
 * The `LogLimiter` key of a provider log line (`[provider <name>] …`): the
 * provider's prefix and one of three kinds — `ignored stdout` (junk lines,
 * notifications, unknown ids, oversized lines), `process` (exits, restarts,
 * signals) or `stderr` (everything else, the provider's own stderr lines
 * included) — so a flood of one kind never hides another, and the keys stay
 * a fixed set whatever the provider writes.
 */
export function providerLogKey(line: string): string {
  const prefix = /^\[provider [^\]]*\] /.exec(line)?.[0] ?? '';
  const rest = line.slice(prefix.length);
  const kind = stdoutNotices.some((notice) => rest.startsWith(notice))
    ? 'ignored stdout'
    : processNotices.some((notice) => rest.startsWith(notice))
      ? 'process'
      : 'stderr';
  return `${prefix === '' ? '[provider] ' : prefix}${kind}`;
}
