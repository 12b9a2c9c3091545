#!/usr/bin/env bash
# The whole suite: typecheck, lint, unused code (knip), formatting, the OpenAPI document's lint,
# the migrations' lock, unit (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the build and its first-load JS
# budget, the API suites over real HTTP, and the browser suite in Debian's Chromium.
#
# Sized for two cores, in two lanes (scripts/steps.sh) that take the steps from one queue, the
# longest first, once the build is there (below). Each step's output is shown whole when the
# lanes end, and a table of every step's times ends the run.
# TEST_SERIAL=1 runs every step in series.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/steps.sh
# ESLint's, Prettier's and tsc's caches: a second run checks only what changed.
CACHE=node_modules/.cache/csp-test
mkdir -p "$CACHE"

failed=0

# The build first: the API and browser suites need it, and tsc reads the route types it writes.
build() {
  # Without its own typecheck: the typecheck step runs tsc over the whole tree once it is built.
  steps_exec "build" env CSP_BUILD_TYPECHECK=off bash scripts/build-if-needed.sh &&
    steps_exec "first-load JS per route (fails over 180 kB gzipped)" npm run -s bench:first-load
}

# The tree's own checks, one step each. A failing step does not stop the others: the run reports
# every failing step.
lockfile() { steps_exec "lockfile (npm ci on any platform)" bash scripts/check-lockfile.sh; }
migrations() { steps_exec "migrations only grow (drizzle/migrations.sha256)" npx tsx scripts/migrations-lock.ts check; }
formatting() {
  steps_exec "formatting (Prettier)" npx prettier --check . --log-level warn --cache \
    --cache-location "$CACHE/prettier.json"
}
openapi() { steps_exec "OpenAPI document (Redocly CLI, redocly.yaml)" bash scripts/lint-openapi.sh; }
lint() { steps_exec "lint (ESLint)" npx eslint . --cache --cache-location "$CACHE/eslint/"; }
unused() { steps_exec "unused files, exports and dependencies (knip)" npx knip --no-progress; }
unit_pglite() {
  steps_exec "unit tests on PGlite" env TEST_DB=pglite npx vitest run --project unit --project unit-fresh
}
# On PostgreSQL, the files that open a test database (lib/testing/db.ts's createTestDatabase):
# every other unit test never touches one, and the PGlite run has run it already.
unit_postgres() {
  [[ -z "${TEST_DATABASE_URL:-}" ]] && return 0
  local files
  mapfile -t files < <(grep -rl --include='*.test.ts' 'createTestDatabase' lib | sort)
  steps_exec "unit tests on PostgreSQL (the ${#files[@]} files with a database)" \
    env TEST_DB=postgres npx vitest run --project unit "${files[@]}"
}
# The steps below need the build: each waits for it and fails, without running, if it failed.
typecheck() {
  step_passed "build" || return 1
  steps_exec "typecheck" npx tsc --noEmit --incremental --tsBuildInfoFile "$CACHE/tsconfig.tsbuildinfo"
}
# The full runs (each host and each database once) and the smoke runs (the other two pairs).
api_full() { step_passed "build" && steps_exec "API suites: full runs" env API_RUNS=full bash scripts/test-api.sh; }
api_smoke() { step_passed "build" && steps_exec "API suites: smoke runs" env API_RUNS=smoke bash scripts/test-api.sh; }
browser() { step_passed "build" && steps_exec "browser suite" bash scripts/test-e2e.sh; }

# One lane builds while the other runs the quick checks that need no build and then waits for it
# with the browser suite; after that, each lane takes the next step left, the longest first, so
# the two end within a step of each other (steps_worker). In a fixed split of the steps into two
# lanes, one lane ran alone for the last 80-110 s on a fast machine and a slow one alike.
steps_queue lockfile migrations openapi browser api_full unit_pglite api_smoke lint typecheck \
  formatting unit_postgres unused
builder() {
  local rc=0
  build || rc=1
  steps_worker || rc=1
  return $rc
}

if [[ ${TEST_SERIAL:-} == 1 ]]; then
  builder || failed=1
else
  lane "the build, then the queued steps" builder
  lane "the queued steps" steps_worker
fi
lanes_wait || failed=1
steps_table "$([[ $failed -eq 0 ]] && echo 'all suites passed' || echo FAILED)"
exit $failed
