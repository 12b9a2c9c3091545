#!/usr/bin/env bash
# Finds Debian's Chromium for the browser suite, installing it when missing (no browser downloads
# from outside the package registries work here, so Playwright's own installer is never used).
set -euo pipefail
if [[ -x /usr/bin/chromium ]]; then exit 0; fi
if [[ $(id -u) -ne 0 ]]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "Installing Debian's chromium…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
