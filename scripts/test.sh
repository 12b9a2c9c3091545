#!/usr/bin/env bash
# The whole suite: typecheck, lint, unit (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# the build and its first-load JS budget, the API suites over real HTTP, and the browser suite in
# Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
started=$SECONDS
step() { echo; echo "== $* ($((SECONDS - started)) s)"; }

step typecheck
npx tsc --noEmit
step lint
npx eslint .
step "unit tests on PGlite"
TEST_DB=pglite npx vitest run --project unit
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "unit tests on PostgreSQL"
  TEST_DB=postgres npx vitest run --project unit
fi
step "build"
bash scripts/build-if-needed.sh
step "first-load JS per route (fails over 180 kB gzipped)"
npm run -s bench:first-load
step "API suites"
bash scripts/test-api.sh
step "browser suite"
bash scripts/test-e2e.sh
step "all suites passed"
