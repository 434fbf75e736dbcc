#!/usr/bin/env bash
# The host guide's `xcap` commands (host-node's CLI) on a scratch data
# directory. Run from the repository root: bash docs/guides/examples/host-cli.sh
set -euo pipefail
repo=$(pwd)
# What `npx xcap` runs in a project that depends on @xcap/host-node:
xcap() { node "$repo/packages/host-node/bin/xcap.js" "$@"; }
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

# #region grants
xcap grant acme.album photos.read --data "$data"     # as if the person allowed it on the consent sheet
xcap grants --json --data "$data"                    # { "acme.album": { "photos.read": "granted" } }
xcap revoke acme.album photos.read --data "$data"    # undecided again: the next foreground call asks
xcap audit --app acme.album --data "$data"           # the audit log, newest first
# #endregion grants
test "$(xcap grants --json --data "$data")" = '{}'
# timeout runs a program, not the shell function above: the workspace's bin/xcap.js, as npx would.
PATH="$repo/node_modules/.bin:$PATH"
# #region follow
# What a log shipper runs: the newest --limit rows, then each new row as it is committed, one JSON object a line;
# SIGINT or SIGTERM ends it with exit 0 (here timeout sends SIGTERM after 5 s).
timeout --preserve-status 5 xcap audit --follow --format jsonl --data "$data"
# #endregion follow
xcap serve --help | grep -q -- '--manifest <file>'
