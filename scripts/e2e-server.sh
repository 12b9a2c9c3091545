#!/usr/bin/env bash
# The server of the browser suite: the production build on a fresh embedded database with demo data.
set -euo pipefail
# No timed cut-off: a test settles when it runs one as the operator, never by surprise mid-suite.
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/csp-e2e-XXXXXX)
trap 'rm -rf "$dir"' EXIT
export DATA_DIR="$dir/db" NODE_ENV=production SEED_DEMO=true LOG_LEVEL=warn \
  AUTH_SECRET=e2e-auth-secret-0123456789abcdef0123456789 \
  OPERATOR_EMAIL=operator@network.test OPERATOR_PASSWORD=operator-e2e-password \
  NEXTAUTH_URL="http://127.0.0.1:$1" SANDBOX_BANK_DELAY_MS=300 \
  SETTLEMENT_INTERVAL_SECONDS=86400
exec node_modules/.bin/next start -p "$1" -H 127.0.0.1
