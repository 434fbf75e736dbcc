import { serveStdioCallPath, type StdioCallPathOptions, type StdioCallPath } from '../../src/index.js';
import { pipes, type Pipes } from './pipe-pair.js';
import type { TestCallPath } from './test-call-path.js';

/** `serveStdioCallPath` serving a test call path on in-process pipes, and the notices it logged. */
export interface ServedOnPipes {
  readonly served: StdioCallPath;
  readonly pipes: Pipes;
  readonly logged: string[];
}

/** The options of `serveStdioCallPath` a test chooses; one given as `undefined` is left out (its default applies), so callers pass theirs through. */
export type PipeServeOptions = {
  readonly [K in keyof Omit<StdioCallPathOptions, 'callPath' | 'serverInfo' | 'input' | 'output' | 'log'>]?: StdioCallPathOptions[K] | undefined;
};

/** Serves `host`'s call path on fresh pipes (server name `xcap-test`), with the other `options` as given, collecting the log lines. */
export function serveOnPipes(host: TestCallPath, options: PipeServeOptions): ServedOnPipes {
  const both = pipes();
  const logged: string[] = [];
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Omit<StdioCallPathOptions, 'callPath' | 'serverInfo'>;
  const served = serveStdioCallPath({
    callPath: host.callPath,
    serverInfo: { name: 'xcap-test', version: '0.0.0' },
    input: both.toServer,
    output: both.toClient,
    ...given,
    log: (line) => logged.push(line),
  });
  return { served, pipes: both, logged };
}
