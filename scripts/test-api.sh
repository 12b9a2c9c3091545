#!/usr/bin/env bash
# The API suite over real HTTP: the full suite on the Next.js host, and a smoke subset on the
# standalone host (with the fuzzing: the two hosts parse URLs apart), on PGlite always and on
# PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-if-needed.sh
SMOKE=(e2e/api/organization.test.ts e2e/api/smoke.test.ts e2e/api/fuzz.test.ts)
run() {
  echo; echo "== API suite: host=$1 db=$2 ${3:+(smoke)}"
  if [[ -n "${3:-}" ]]; then
    API_HOST=$1 API_DB=$2 npx vitest run --project api "${SMOKE[@]}"
  else
    API_HOST=$1 API_DB=$2 npx vitest run --project api
  fi
}
run next pglite
run standalone pglite smoke
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  run next postgres
  run standalone postgres smoke
else
  echo "TEST_DATABASE_URL is not set: the PostgreSQL API suite is skipped"
fi
