#!/usr/bin/env bash
# Finds Debian's Chromium, installing it when missing (no browser downloads from outside the
# package registries work here, so Playwright's own installer is never used). Two packages of one
# build: chromium-headless-shell, which the browser suite runs in (playwright.config.ts; the engine
# without the desktop browser around it: a third of the CPU a page load costs in the full browser,
# docs/testing.md), and chromium, which the benchmarks run (Lighthouse measures the browser people
# use).
set -euo pipefail
want=()
[[ -x /usr/bin/chromium ]] || want+=(chromium)
[[ -x /usr/bin/chromium-headless-shell ]] || want+=(chromium-headless-shell)
if ((${#want[@]} == 0)); then exit 0; fi
if [[ $(id -u) -ne 0 ]]; then
  if [[ -x /usr/bin/chromium || -x /usr/bin/chromium-headless-shell ]]; then
    echo "Not installed: ${want[*]} (run 'sudo apt-get install -y ${want[*]}'); the browser suite uses what is there" >&2
    exit 0
  fi
  echo "Chromium is missing: run 'sudo apt-get install -y ${want[*]}'" >&2
  exit 1
fi
echo "Installing Debian's ${want[*]}…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" >/dev/null
for b in "${want[@]}"; do "/usr/bin/$b" --version; done
