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

echo "== PostgreSQL server binaries (initdb) not found: installing the postgresql package with apt-get"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-postgres: no initdb and no apt-get: install PostgreSQL's server (initdb, pg_ctl) and put it on PATH" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
    echo "ensure-postgres: no initdb, and installing postgresql needs root (run as root or install sudo)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends postgresql
if ! found; then
  echo "ensure-postgres: the postgresql package was installed but initdb is not on PATH nor in /usr/lib/postgresql/<version>/bin" >&2
  exit 1
fi
