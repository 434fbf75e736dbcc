#!/usr/bin/env bash
# The README's test command after `npm ci`: generated code fresh, the
# sources linted and formatted, every package built, typechecked and tested (nx, cached), the API reports checked
# against the build and the changesets, the API docs built with
# every export documented, the published packages linted, and the
# conformance replay of the fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE="${NX_SKIP_NX_CACHE:-false}"

echo "== gen:check: generated code is fresh"
npm run --silent gen:check

# Adds ~2 min (measured 133 s wall, 118 s CPU on 2 busy cores: ESLint with type information, every file typed by its package's tsconfig.json; no build needed).
echo "== lint: ESLint's type-checked rules (floating or misused promises, non-exhaustive switches, conditions the types already decide) (npm run lint)"
npm run --silent lint

# Adds ~30 s (measured 30 s wall on 2 busy cores; Prettier reads every file it formats; .prettierignore leaves generated code, golden files and Markdown alone).
echo "== format:check: every file as Prettier writes it (npm run format fixes it)"
npm run --silent format:check

echo "== PostgreSQL for the @xcap/store-postgres tests (installed with apt-get when initdb is missing)"
bash scripts/ensure-postgres.sh

echo "== Chromium for @xcap/host-node's console browser tests (Debian's chromium, installed with apt-get when missing)"
bash scripts/ensure-chromium.sh

echo "== build (nx)"
npx nx run-many -t build --parallel=2 --outputStyle=stream

# Built once here; the docs page-list test (tools/release-check) reads this output instead of building its own copy (~50 s saved).
echo "== API docs: every export documented (typedoc into docs/api, warnings are errors)"
npx typedoc --treatWarningsAsErrors --logLevel Warn

echo "== typecheck, test (nx)"
XCAP_DOCS_BUILT="$PWD/docs/api" npx nx run-many -t typecheck test --parallel=2 --outputStyle=stream

# Adds 30-45 s (API Extractor on 16 entry points, 2 busy cores; needs the build above).
echo "== API reports: the built .d.ts match packages/*/etc/*.api.md, and a report changed since the last release has a changeset of its bump (api:check)"
npm run --silent api:check

echo "== benchmarks typecheck (bench/, run on demand with npm run bench)"
npx tsc -p bench/tsconfig.json

echo "== package lint (publint, attw)"
bash scripts/lint-packages.sh

echo "== conformance replay of fixtures/capabilities.json"
npx --no-install xcap-conformance fixtures/capabilities.json
