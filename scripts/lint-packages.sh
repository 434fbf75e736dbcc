#!/usr/bin/env bash
# publint and attw (ESM-only profile) on every published package (every
# workspace package that is not private, tools/codegen included once it is
# public); needs a build.
set -euo pipefail
cd "$(dirname "$0")/.."
for dir in packages/*/ tools/*/; do
  [ -f "${dir}package.json" ] || continue
  if [ "$(node -p "require('./${dir}package.json').private === true")" = "true" ]; then continue; fi
  name=$(node -p "require('./${dir}package.json').name")
  echo "-- ${name}"
  npx publint run "${dir}" --strict
  (cd "${dir}" && npx attw --pack . --profile esm-only --format ascii --quiet)
done
