#!/usr/bin/env bash
# Makes sure Debian's Chromium is on this machine for @xcap/host-node's
# console browser tests (playwright-core drives it by executablePath; no
# browser build is ever downloaded): /usr/bin/chromium or `chromium` on PATH,
# else the chromium package installed with apt-get (non-interactive; root or
# sudo). Fails with the reason when neither works: the tests never skip in silence.
# Prints nothing when Chromium is there; XCAP_CHROMIUM names another binary.
set -euo pipefail

found() {
  [ -n "${XCAP_CHROMIUM:-}" ] && [ -x "$XCAP_CHROMIUM" ] && return 0
  [ -x /usr/bin/chromium ] && return 0
  command -v chromium >/dev/null 2>&1
}

if found; then
  exit 0
fi

source "$(dirname "$0")/apt-install.sh"
apt_install ensure-chromium chromium "Chromium (/usr/bin/chromium, chromium on PATH)"
if ! found; then
  echo "ensure-chromium: the chromium package was installed but neither /usr/bin/chromium nor chromium on PATH exists" >&2
  exit 1
fi
