#!/usr/bin/env bash
# The API suite over real HTTP: the full suite on the Next.js host, and a smoke subset on the
# standalone host, on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set. The fuzzing
# (e2e/api/fuzz.test.ts) runs once per host — the hosts parse URLs apart — and once per database:
# Next.js with PostgreSQL, standalone with PGlite (both when TEST_DATABASE_URL is unset).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-if-needed.sh
SMOKE=(e2e/api/organization.test.ts e2e/api/smoke.test.ts e2e/api/fuzz.test.ts e2e/api/tracing.test.ts)
run() {
  local host=$1 db=$2 smoke=${3:-} fuzz=${4:-fuzz}
  local args=()
  [[ "$fuzz" == nofuzz ]] && args+=(--exclude e2e/api/fuzz.test.ts)
  echo; echo "== API suite: host=$host db=$db ${smoke:+(smoke)} ${args[*]:+(without the fuzzing)}"
  if [[ -n "$smoke" ]]; then
    API_HOST=$host API_DB=$db npx vitest run --project api "${args[@]}" "${SMOKE[@]}"
  else
    API_HOST=$host API_DB=$db npx vitest run --project api "${args[@]}"
  fi
}
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  run next pglite '' nofuzz
  run standalone pglite smoke
  run next postgres
  run standalone postgres smoke nofuzz
else
  run next pglite
  run standalone pglite smoke
  echo "TEST_DATABASE_URL is not set: the PostgreSQL API suite is skipped"
fi
