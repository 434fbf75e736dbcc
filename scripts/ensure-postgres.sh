#!/usr/bin/env bash
# Makes sure PostgreSQL's server binaries (initdb, pg_ctl) are on this
# machine for the @xcap/store-postgres tests, which start a private server
# of their own: found on PATH or in Debian's /usr/lib/postgresql/<version>/bin,
# else installed with apt-get (non-interactive; root or sudo). Fails with
# the reason when neither works: the tests never skip in silence.
set -euo pipefail

found() {
  command -v initdb >/dev/null 2>&1 && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null 2>&1
}

if found; then
  exit 0
fi

source "$(dirname "$0")/apt-install.sh"
apt_install ensure-postgres postgresql "PostgreSQL's server binaries (initdb)"
if ! found; then
  echo "ensure-postgres: the postgresql package was installed but initdb is not on PATH nor in /usr/lib/postgresql/<version>/bin" >&2
  exit 1
fi
