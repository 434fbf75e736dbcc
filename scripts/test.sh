#!/usr/bin/env bash
# The README's test command after `npm ci`: generated code fresh, the
# sources linted and formatted, every package built, typechecked and tested
# (nx, cached) with V8 coverage checked against coverage-thresholds.json in
# the same run, the API reports checked against the build and the
# changesets, the API docs built with every export documented, the published
# packages linted, and the conformance replay of the fixture. Each step
# prints how long it took, and the end a table of every step (seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE="${NX_SKIP_NX_CACHE:-false}"
# shellcheck source=scripts/timed-steps.sh
source scripts/timed-steps.sh

step "gen:check: generated code is fresh" npm run --silent gen:check

# ESLint with type information (every file typed by its package's tsconfig.json) and Prettier need no build:
# they run beside the installs and the build, one process on a core the build's chain of packages often leaves idle.
# One ESLint process holds a TypeScript program per tsconfig: past Node 20's default 4 GiB heap since issue 32's
# files (it died at 4,060 MB), so it gets 8 GiB.
step_bg "lint: ESLint's type-checked rules (floating or misused promises, non-exhaustive switches, conditions the types already decide) (npm run lint); then format:check: every file as Prettier writes it (npm run format fixes it; .prettierignore leaves generated code, golden files and Markdown alone)" \
  bash -c 'NODE_OPTIONS=--max-old-space-size=8192 npm run --silent lint && npm run --silent format:check'

step "PostgreSQL for the @xcap/store-postgres tests (installed with apt-get when initdb is missing)" bash scripts/ensure-postgres.sh

step "Chromium for @xcap/host-node's console browser tests (Debian's chromium, installed with apt-get when missing)" bash scripts/ensure-chromium.sh

step "Prometheus for @xcap/host-node's metrics scrape test (Debian's prometheus, installed with apt-get when missing)" bash scripts/ensure-prometheus.sh

build_started=$(date +%s)
step "build (nx)" npx nx run-many -t build --parallel=2 --outputStyle=stream
# nx replays a cached build with the cached files' old times: tell the tests' fresh-build check
# (tools/test-support, ensureFreshBuild) that these outputs are of the sources as they were at the start.
npx tsx tools/test-support/src/stamp-builds.ts "$build_started"
step_wait

# Built once here; the docs page-list test (tools/release-check) reads this output instead of building its own copy (~50 s saved).
step "API docs: every export documented (typedoc into docs/api, warnings are errors)" npx typedoc --treatWarningsAsErrors --logLevel Warn

# Every test runs once: XCAP_COVERAGE=1 makes vitest.shared.ts measure each package listed in
# coverage-thresholds.json and fail below its thresholds (npm run coverage is the same run on its own).
# The typecheck target type-checks every package's src and test folders (the .test-d.ts type tests
# included), so vitest does not type-check those again (XCAP_VITEST_TYPECHECK=0).
export XCAP_COVERAGE=1 XCAP_VITEST_TYPECHECK=0
step "typecheck, test with coverage thresholds (nx)" env XCAP_DOCS_BUILT="$PWD/docs/api" npx nx run-many -t typecheck test --parallel=2 --outputStyle=stream

# API Extractor on 16 entry points (one process) beside the benchmarks' typecheck and the package lint; all three only read the build.
step_bg "API reports: the built .d.ts match packages/*/etc/*.api.md, and a report changed since the last release has a changeset of its bump (api:check)" npm run --silent api:check

step "benchmarks typecheck (bench/, run on demand with npm run bench)" npx tsc -p bench/tsconfig.json

step "package lint (publint, attw)" bash scripts/lint-packages.sh
step_wait

step "conformance replay of fixtures/capabilities.json" npx --no-install xcap-conformance fixtures/capabilities.json
