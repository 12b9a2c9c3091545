#!/usr/bin/env bash
# The whole suite: typecheck, lint, unused code (knip), formatting, the OpenAPI document's lint,
# the migrations' lock, unit (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the build and its first-load JS
# budget, the API suites over real HTTP, and the browser suite in Debian's Chromium.
#
# Sized for two cores, in two lanes (scripts/steps.sh): the build, then the lint and the other
# checks of the tree, the unit suite on PGlite and the API suites' full runs one after the other;
# beside them, once the build is there, the browser suite, whose one-test-at-a-time specs wait (on
# the browser, Sandbox Bank answers, undo windows) more than they compute, then the unit suite on
# PostgreSQL, the typecheck, knip, the formatting and document checks and the API smoke runs. Each
# step's output is shown whole when its lane ends, and a table of every step's times ends the run.
# TEST_SERIAL=1 runs every step in series. The browser suite writes no screenshots here
# (E2E_SCREENSHOTS=off: they are for people to look at, and one spec or `npm run test:e2e` writes
# them).
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

# The tree's own checks, in two parts, one per lane (below). A failure does not stop the steps
# after it: the run reports every failing step.
checks() {
  local rc=0
  steps_exec "lockfile (npm ci on any platform)" bash scripts/check-lockfile.sh || rc=1
  steps_exec "migrations only grow (drizzle/migrations.sha256)" npx tsx scripts/migrations-lock.ts check || rc=1
  steps_exec "lint (ESLint)" npx eslint . --cache --cache-location "$CACHE/eslint/" || rc=1
  return $rc
}
document_checks() {
  local rc=0
  steps_exec "unused files, exports and dependencies (knip)" npx knip --no-progress || rc=1
  steps_exec "formatting (Prettier)" npx prettier --check . --log-level warn --cache \
    --cache-location "$CACHE/prettier.json" || rc=1
  steps_exec "OpenAPI document (Redocly CLI, redocly.yaml)" bash scripts/lint-openapi.sh || rc=1
  steps_exec "typed client matches the document (packages/client)" npm run -s client:generate -- --check || rc=1
  return $rc
}
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

# The full runs (each host and each database once) in the first lane; the smoke runs (the other
# two pairs) after the browser suite in the second.
api_full() { step_passed "build" && steps_exec "API suites: full runs" env API_RUNS=full bash scripts/test-api.sh; }
api_smoke() { step_passed "build" && steps_exec "API suites: smoke runs" env API_RUNS=smoke bash scripts/test-api.sh; }
browser() { step_passed "build" && steps_exec "browser suite" bash scripts/test-e2e.sh; }

# Each lane runs every step whether the ones before passed or not (the checks and unit suites
# need no build; the typecheck and the API suites say they need it). The unit suite on PostgreSQL,
# the typecheck, knip and the formatting and document checks follow the browser suite: the two
# lanes then end at about the same time (on a run of 749 s with every check in the first lane, the
# second had ended 123 s before it; on one of 785 s with knip in the first, 58 s; docs/testing.md).
build_checks_api() {
  local rc=0
  build || rc=1
  checks || rc=1
  unit_pglite || rc=1
  api_full || rc=1
  return $rc
}
browser_then_unit() {
  local rc=0
  browser || rc=1
  unit_postgres || rc=1
  typecheck || rc=1
  document_checks || rc=1
  api_smoke || rc=1
  return $rc
}

if [[ ${TEST_SERIAL:-} == 1 ]]; then
  build_checks_api || failed=1
  browser_then_unit || failed=1
else
  lane "build, lint, unit tests on PGlite, API suites" build_checks_api
  lane "browser suite, unit tests on PostgreSQL, typecheck, knip, formatting and document checks, API smoke runs" browser_then_unit
fi
lanes_wait || failed=1
steps_table "$([[ $failed -eq 0 ]] && echo 'all suites passed' || echo FAILED)"
exit $failed
