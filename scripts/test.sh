#!/usr/bin/env bash
# The whole suite: typecheck, lint, the OpenAPI document's lint, unit (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), the build and its first-load JS budget, the API suites over real HTTP,
# and the browser suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
started=$SECONDS
step() { echo; echo "== $* ($((SECONDS - started)) s)"; }

step "lockfile (npm ci on any platform)"
bash scripts/check-lockfile.sh
step typecheck
npx tsc --noEmit
step lint
npx eslint .
step "formatting (Prettier)"
npx prettier --check . --log-level warn
step "OpenAPI document (Redocly CLI, redocly.yaml)"
bash scripts/lint-openapi.sh
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
