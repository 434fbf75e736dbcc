#!/usr/bin/env bash
# The host guide's conformance commands: the native suite on the album
# providers under vitest and node:test, then the case replayer. Run from
# anywhere: bash docs/guides/examples/conformance.sh
set -euo pipefail
export npm_config_offline=true # npx must find the workspace's commands, never download
cd "$(dirname "$0")"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# #region run
npx vitest run album-providers.conformance.test.ts     # under vitest
node --import tsx --test album-providers.node-test.ts  # under node:test (no vitest needed)
npx xcap-conformance                                   # the built-in catalog's own cases
npx xcap-conformance --junit "$out/conformance.xml"    # the same, as JUnit XML for your CI
# #endregion run
grep -q '<testsuites name="xcap-conformance"' "$out/conformance.xml"
