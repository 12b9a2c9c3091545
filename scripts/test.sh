#!/usr/bin/env bash
# The whole suite: typecheck, lint, unused code (knip), formatting, the OpenAPI document's lint,
# the migrations' lock, unit (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the build and its first-load JS
# budget, the API suites over real HTTP, and the browser suite in Debian's Chromium.
#
# Sized for two cores, in two lanes (scripts/steps.sh): the build, then the API suites' full runs;
# beside them the short checks while the build runs, then the browser suite, whose
# one-test-at-a-time specs wait (on the browser, Sandbox Bank answers, undo windows) more than they
# compute; then both lanes take the other steps from one pool (below). Each step's output is shown
# whole when its lane ends, and a table of every step's times ends the run. TEST_SERIAL=1 runs
# every step in series. The browser suite writes no screenshots here (E2E_SCREENSHOTS=off; they
# are for people to look at: `npm run test:e2e` or one spec writes them).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export E2E_SCREENSHOTS="${E2E_SCREENSHOTS:-off}"
source scripts/steps.sh
# ESLint's, Prettier's and tsc's caches: a second run checks only what changed.
CACHE=node_modules/.cache/csp-test
mkdir -p "$CACHE"

failed=0
# Every process's CPU over the run, printed by program after the table of steps.
steps_cpu_count_start

# The build first: the API and browser suites need it, and tsc reads the route types it writes.
build() {
  # Without its own typecheck: the typecheck step runs tsc over the whole tree once it is built.
  steps_exec "build" env CSP_BUILD_TYPECHECK=off bash scripts/build-if-needed.sh &&
    steps_exec "first-load JS per route (fails over 180 kB gzipped, or on a chunk without the compile hint)" npm run -s bench:first-load
}

# The tree's own checks, one step each. A failure does not stop the steps after it: the run
# reports every failing step.
lockfile() { steps_exec "lockfile (npm ci on any platform)" bash scripts/check-lockfile.sh; }
migrations_lock() {
  steps_exec "migrations only grow (drizzle/migrations.sha256)" npx tsx scripts/migrations-lock.ts check
}
formatting() {
  steps_exec "formatting (Prettier)" npx prettier --check . --log-level warn --cache \
    --cache-location "$CACHE/prettier.json"
}
openapi() { steps_exec "OpenAPI document (Redocly CLI, redocly.yaml)" bash scripts/lint-openapi.sh; }
client() {
  steps_exec "typed client matches the document (packages/client)" npm run -s client:generate -- --check
}
eslint() { steps_exec "lint (ESLint)" npx eslint . --cache --cache-location "$CACHE/eslint/"; }
knip() { steps_exec "unused files, exports and dependencies (knip)" npx knip --no-progress; }
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
typecheck() {
  step_passed "build" || return 1
  steps_exec "typecheck" npx tsc --noEmit --incremental --tsBuildInfoFile "$CACHE/tsconfig.tsbuildinfo"
}

# The full runs (each host and each database once) and the smoke runs (the other two pairs).
api_full() { step_passed "build" && steps_exec "API suites: full runs" env API_RUNS=full bash scripts/test-api.sh; }
api_smoke() { step_passed "build" && steps_exec "API suites: smoke runs" env API_RUNS=smoke bash scripts/test-api.sh; }
browser() { step_passed "build" && steps_exec "browser suite" bash scripts/test-e2e.sh; }

# Two lanes, one per core. Each holds the long step it alone runs — the first the build and the
# API suites' full runs, the second the browser suite once the build is there — and both take
# every other step from one pool, in its order, whichever lane is free first (a step is taken by
# one lane only: `mkdir` of its claim is atomic). While the build runs, the second lane takes the
# short checks that need no build. A fixed split of the same steps ended one lane 136 s after the
# other (docs/testing.md); the pool ends them within about a step of each other.
# Each lane runs every step whether the ones before passed or not (the checks and unit suites
# need no build; the typecheck and the API suites say they need it).
POOL=(unit_pglite api_smoke eslint typecheck formatting unit_postgres client openapi knip lockfile migrations_lock)
# The pool's steps short enough to run beside the build without holding the browser suite back.
BESIDE_BUILD=(formatting lockfile migrations_lock openapi client knip)
claim() { mkdir "$STEPS_DIR/claim.$1" 2>/dev/null; }
# from_pool [steps…]: runs the pool's steps (or the ones named) no lane has taken yet; with
# UNTIL_BUILT=1, none once the build has ended.
from_pool() {
  local rc=0 name
  for name in "${@:-${POOL[@]}}"; do
    [[ ${UNTIL_BUILT:-0} == 1 && -e "$STEPS_DIR/$(steps_slug build).row" ]] && break
    claim "$name" || continue
    "$name" || rc=1
  done
  return $rc
}
build_then_api() {
  local rc=0
  build || rc=1
  api_full || rc=1
  from_pool || rc=1
  return $rc
}
beside_build_then_browser() {
  local rc=0
  UNTIL_BUILT=1 from_pool "${BESIDE_BUILD[@]}" || rc=1
  browser || rc=1
  from_pool || rc=1
  return $rc
}

if [[ ${TEST_SERIAL:-} == 1 ]]; then
  build_then_api || failed=1
  beside_build_then_browser || failed=1
else
  lane "build, API suites' full runs, then the pool" build_then_api
  lane "checks beside the build, browser suite, then the pool" beside_build_then_browser
fi
lanes_wait || failed=1
steps_table "$([[ $failed -eq 0 ]] && echo 'all suites passed' || echo FAILED)"
exit $failed
