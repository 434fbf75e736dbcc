import { serveStdioCallPath, type StdioCallPathOptions, type StdioCallPath } from '../../src/index.js';
import { pipes, type Pipes } from './pipe-pair.js';
import type { TestCallPath } from './test-call-path.js';

/** `serveStdioCallPath` serving a test call path on in-process pipes, and the notices it logged. */
export interface ServedOnPipes {
  readonly served: StdioCallPath;
  readonly pipes: Pipes;
  readonly logged: string[];
}

/** Serves `host`'s call path on fresh pipes (server name `xcap-test`), with the other `options` as given, collecting the log lines. */
export function serveOnPipes(host: TestCallPath, options: Omit<StdioCallPathOptions, 'callPath' | 'serverInfo' | 'input' | 'output' | 'log'>): ServedOnPipes {
  const both = pipes();
  const logged: string[] = [];
  const served = serveStdioCallPath({
    callPath: host.callPath,
    serverInfo: { name: 'xcap-test', version: '0.0.0' },
    input: both.toServer,
    output: both.toClient,
    ...options,
    log: (line) => logged.push(line),
  });
  return { served, pipes: both, logged };
}
