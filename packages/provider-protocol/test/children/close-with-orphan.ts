/**
 * Test child for the exit after close(): starts the reference Node provider with `--orphan <pidFile>` (it forks
 * a grandchild in a session of its own that keeps the provider's stdout and stderr open), closes it, prints
 * `closed` and then has nothing left to do: this process must exit by itself, whatever the grandchild does.
 */
import { nodeProviderPath } from '@xcap/test-support';
import { ProviderProcess } from '../../src/provider-process.js';

const [orphanPidFile] = process.argv.slice(2);
if (orphanPidFile === undefined) throw new Error('usage: close-with-orphan <orphanPidFile>');
const proc = new ProviderProcess({
  argv: [process.execPath, nodeProviderPath, '--capabilities', 'share', '--orphan', orphanPidFile],
  log: (line) => void process.stderr.write(`${line}\n`),
  timeoutMs: 1_000,
  describeTimeoutMs: 10_000,
  maxMessageBytes: 1024 * 1024,
  graceMs: 200,
  restartFirstMs: 100,
  restartMaxMs: 1_000,
});
await proc.start();
await proc.close();
process.stdout.write('closed\n');
