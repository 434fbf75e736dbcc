/** The `xcap` command (bin/xcap.js runs this): `runCli` on the process's arguments, its answer as the exit code. */
import { processIo } from './cli-io.js';
import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
