#!/usr/bin/env bash
# The README's test command after `npm ci`: generated code fresh, every
# package built, typechecked and tested (nx, cached), the API docs built with
# every export documented, the published packages linted, and the
# conformance replay of the fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE="${NX_SKIP_NX_CACHE:-false}"

echo "== gen:check: generated code is fresh"
npm run --silent gen:check

echo "== PostgreSQL for the @xcap/store-postgres tests (installed with apt-get when initdb is missing)"
bash scripts/ensure-postgres.sh

echo "== build, typecheck, test (nx)"
npx nx run-many -t build typecheck test --parallel=2 --outputStyle=stream

echo "== benchmarks typecheck (bench/, run on demand with npm run bench)"
npx tsc -p bench/tsconfig.json

echo "== API docs: every export documented (typedoc, warnings are errors)"
npx typedoc --treatWarningsAsErrors --logLevel Warn

echo "== package lint (publint, attw)"
bash scripts/lint-packages.sh

echo "== conformance replay of fixtures/capabilities.json"
npx --no-install xcap-conformance fixtures/capabilities.json
