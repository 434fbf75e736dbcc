#!/usr/bin/env bash
# npm run mutate: mutation testing (Stryker 9.6, the vitest runner) of the
# state machines, one Stryker run per package from that package's folder
# (stryker/<package>.config.json says which files it mutates). Each run fails
# below a mutation score of 80 (thresholds.break); the surviving mutants are
# printed and the JSON reports land in reports/mutation/. Run on demand and by
# .ci/run after the test command (not inside npm test: it takes minutes).
# Stryker mutates in place (inPlace: the package's tests import the other
# workspace packages' sources by path) and restores the files afterwards: do
# not edit these packages' sources while it runs.
# Incremental (incremental: true in each config): Stryker re-tests only the
# mutants whose code or tests changed since stryker/incremental/<package>.json
# was written, and reuses the other results in its report, so the per-module
# check below still sees every mutant; a package without that file runs in
# full. `npm run mutate -- --full` runs every mutant (Stryker's --force) and
# rewrites the files (docs/mutation-testing.md: when to refresh them).
set -euo pipefail
cd "$(dirname "$0")/.."
force=()
for arg in "$@"; do
  case "$arg" in
    --full) force=(--force) ;;
    *)
      echo "mutate: unknown argument $arg (npm run mutate [-- --full])" >&2
      exit 2
      ;;
  esac
done
status=0
rm -rf reports/mutation
for config in stryker/*.config.json; do
  name="$(basename "$config" .config.json)"
  echo "== mutation testing: @xcap/$name ($config)"
  start=$SECONDS
  (cd "packages/$name" && npx stryker run "../../$config" "${force[@]}") || status=1
  echo "== @xcap/$name: $((SECONDS - start)) s"
done
# Stryker breaks below 80 for a whole run; the rule is 80 for each module.
node scripts/mutation-scores.mjs 80 || status=1
exit "$status"
