#!/usr/bin/env bash
# The catalog editor's guide, run on a copy: change a tool's input, classify
# the change, write its changeset, generate, and replay the cases. Run from
# the repository root: bash docs/guides/examples/catalog-change.sh
set -euo pipefail
export npm_config_offline=true # npx must find the workspace's commands, never download
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp fixtures/capabilities.json "$work/old.json"
# The edit (in the repository you make it in fixtures/capabilities.json with your editor):
# photos_pick gets an optional input "album".
node -e '
const fs = require("node:fs");
const [from, to] = process.argv.slice(1);
const doc = JSON.parse(fs.readFileSync(from, "utf8"));
doc.tools.find((t) => t.name === "photos_pick").inputSchema.properties.album = { type: "string", minLength: 1, maxLength: 100 };
fs.writeFileSync(to, JSON.stringify(doc, null, 2) + "\n");
' "$work/old.json" "$work/new.json"
cd "$work"
ln -s "$repo/node_modules" node_modules # the copy sees the repository's installed packages

# #region diff
npx xcap-codegen diff old.json new.json
# #endregion diff
npx xcap-codegen diff old.json new.json | grep -qx 'bump: minor (0 major, 1 minor, 0 patch)'

mkdir changesets
# #region changeset
npx xcap-codegen diff old.json new.json --changeset changesets
# #endregion changeset
grep -qx '"@xcap/catalog": minor' changesets/*.md

# #region generate
npx xcap-codegen --catalog new.json --out catalog
# #endregion generate
grep -q 'album?: string;' catalog/types/photos-pick.ts

# #region replay
npx xcap-conformance new.json
# #endregion replay
