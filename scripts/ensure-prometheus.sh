#!/usr/bin/env bash
# Makes sure Debian's Prometheus server is on this machine for @xcap/host-node's
# metrics test, which starts a private prometheus of its own on 127.0.0.1
# scraping `xcap serve --metrics`: /usr/bin/prometheus or `prometheus` on PATH
# (XCAP_PROMETHEUS names another binary), else the prometheus package installed
# with apt-get (non-interactive; root or sudo). The package also installs a
# system service; the test never uses it. Fails with the reason when neither
# works: the test never skips in silence. Prints nothing when Prometheus is there.
set -euo pipefail

found() {
  [ -n "${XCAP_PROMETHEUS:-}" ] && [ -x "$XCAP_PROMETHEUS" ] && return 0
  [ -x /usr/bin/prometheus ] && return 0
  command -v prometheus >/dev/null 2>&1
}

if found; then
  exit 0
fi

source "$(dirname "$0")/apt-install.sh"
apt_install ensure-prometheus prometheus "Prometheus (/usr/bin/prometheus, prometheus on PATH)"
if ! found; then
  echo "ensure-prometheus: the prometheus package was installed but neither /usr/bin/prometheus nor prometheus on PATH exists" >&2
  exit 1
fi
