#!/usr/bin/env bash
# The browser suite: Playwright in Debian's Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/build-if-needed.sh
mkdir -p e2e/screenshots
npx playwright test "$@"
