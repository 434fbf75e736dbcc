#!/usr/bin/env node
/** The `xcap-conformance` command: `xcap-conformance [options] [<catalog.json>…]` (see `runConformanceCli`, `--help`). */
import { runConformanceCli } from '../cli/run-conformance-cli.js';

process.exitCode = await runConformanceCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
