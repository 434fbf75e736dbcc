#!/usr/bin/env bash
# Sourced by the ensure-*.sh scripts: apt_install <who> <package> <what is
# missing> installs Debian's <package> with apt-get (non-interactive; as root
# or through sudo), or exits 1 saying why it cannot (no apt-get, neither
# root nor sudo). <who> prefixes the error lines.
apt_install() {
  local who="$1" package="$2" missing="$3"
  echo "== $missing not found: installing Debian's $package package with apt-get"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "$who: no $missing and no apt-get: install $package yourself and put it on PATH" >&2
    exit 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      echo "$who: no $missing, and installing $package needs root (run as root or install sudo)" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "$package"
}
