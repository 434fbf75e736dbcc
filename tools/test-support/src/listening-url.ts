import type { ChildProcess } from 'node:child_process';

/** The URL a spawned HTTP server announced, and what it wrote on stderr so far. */
export interface Listening {
  /** The endpoint from the start line (`listening on http://…/mcp,`). */
  readonly url: string;
  /** Everything the child wrote on stderr so far (it keeps collecting). */
  readonly stderr: () => string;
}

/**
 * Waits (up to `ms`, 15 s by default) for the start line `listening on
 * http://…/mcp,` that `xcap serve --http` and the benches' bare server print
 * on stderr (the child spawned with a piped stderr, just now). Kills the child
 * (SIGKILL) and throws, naming `what` and quoting its stderr, when it exits
 * or the time passes first.
 */
export async function listeningUrl(child: ChildProcess, what: string, ms = 15_000): Promise<Listening> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + ms;
  for (;;) {
    const url = /listening on (http:\/\/\S+\/mcp),/.exec(stderr)?.[1];
    if (url !== undefined) return { url, stderr: () => stderr };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} printed no URL: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
