#!/usr/bin/env bash
# publint and attw (ESM-only profile) on every published package; needs a build.
set -euo pipefail
cd "$(dirname "$0")/.."
for dir in packages/*/; do
  name=$(node -p "require('./${dir}package.json').name")
  echo "-- ${name}"
  npx publint run "${dir}" --strict
  (cd "${dir}" && npx attw --pack . --profile esm-only --format ascii --quiet)
done
