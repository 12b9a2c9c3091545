#!/usr/bin/env bash
# The API suite over real HTTP. With TEST_DATABASE_URL: the full suite on the Next.js host with
# PGlite and on the standalone host with PostgreSQL — each host and each database runs every test
# once — and a smoke subset on the other two pairs. The fuzzing (e2e/api/fuzz.test.ts: the hosts
# parse URLs apart) runs once per host, both on PostgreSQL: on the standalone host's full run and
# the Next.js host's smoke run (its URLs and headers only: the bodies reach the same code). On PGlite, whose one thread serves every query, its 1,700 requests
# took 155 s of the run's 390. Without it: the full suite on Next.js with PGlite, the smoke subset on the
# standalone host with PGlite. Tests that need the Next.js host (the dashboard's handlers) or
# PostgreSQL (several instances on one database) say so and run where they can.
#
# Each run is one server per project: the `api` project's files share the suite's server, the
# `api-cutoffs` project's files (those that run settlement cut-offs) share one of their own, one
# file at a time; both projects of a run go side by side. API_JOBS runs go at once (default 1: npm
# test runs the browser suite beside them, and two cores are then busy). API_HOST=next|standalone
# and API_DB=pglite|postgres run one (full) run only; API_RUNS=full or smoke only the runs of that kind.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
bash scripts/build-if-needed.sh >/dev/null
SMOKE=(e2e/api/organization.test.ts e2e/api/smoke.test.ts e2e/api/fuzz.test.ts e2e/api/tracing.test.ts)

# run <host> <db> full|smoke fuzz|nofuzz: one run, its projects side by side.
run() {
  local host=$1 db=$2 kind=$3 fuzz=$4
  local args=() name="$host + $db"
  [[ "$fuzz" == nofuzz ]] && args+=(--exclude e2e/api/fuzz.test.ts) && name+=", without the fuzzing"
  [[ "$kind" == smoke ]] && args+=("${SMOKE[@]}") && name+=" (smoke)"
  local pids=() rc=0
  API_HOST=$host API_DB=$db steps_exec "API: $name" npx vitest run --project api "${args[@]}" &
  pids+=($!)
  if [[ "$kind" == full ]]; then
    API_HOST=$host API_DB=$db steps_exec "API: $name, cut-offs" npx vitest run --project api-cutoffs &
    pids+=($!)
  fi
  for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
  return $rc
}

RUNS=()
if [[ -n "${API_HOST:-}${API_DB:-}" ]]; then
  RUNS+=("${API_HOST:-next} ${API_DB:-pglite} full fuzz")
elif [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  RUNS+=("next pglite full nofuzz" "standalone postgres full fuzz" "next postgres smoke fuzz" "standalone pglite smoke nofuzz")
else
  RUNS+=("next pglite full fuzz" "standalone pglite smoke fuzz")
  echo "TEST_DATABASE_URL is not set: the PostgreSQL API suite is skipped"
fi
# API_RUNS=full|smoke: only those runs (npm test runs the two kinds in different lanes).
if [[ -n "${API_RUNS:-}" ]]; then
  kept=()
  for spec in "${RUNS[@]}"; do [[ " $spec " == *" $API_RUNS "* ]] && kept+=("$spec"); done
  RUNS=("${kept[@]}")
fi

# The runs, API_JOBS at a time, in the order above (the long ones first).
jobs=${API_JOBS:-1}
failed=0
active=()
for spec in "${RUNS[@]}"; do
  # shellcheck disable=SC2086
  run $spec &
  active+=($!)
  if ((${#active[@]} >= jobs)); then
    wait "${active[0]}" || failed=1
    active=("${active[@]:1}")
  fi
done
for pid in "${active[@]}"; do wait "$pid" || failed=1; done

# Each run's output whole, in the order they started, then the table.
while IFS='|' read -r _ slug; do
  echo
  steps_result "$slug"
  cat "$STEPS_DIR/$slug.log"
done < <(sort -t'|' -k1,1n "$STEPS_DIR/order")
steps_table "$([[ $failed -eq 0 ]] && echo passed || echo FAILED)"
exit $failed
