#!/usr/bin/env bash
# The server of the browser suite: the production build on a fresh embedded database with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d /tmp/csp-e2e-XXXXXX)
server=
# On the way out, however it comes, the server stops and its database goes (when the script ended
# in `exec`, this never ran: the folder outlived every run, 45–65 MB each).
trap '[[ -n $server ]] && { kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$dir"' EXIT
trap 'exit 143' TERM INT HUP
export DATA_DIR="$dir/db" NODE_ENV=production SEED_DEMO=true LOG_LEVEL=warn \
  AUTH_SECRET=e2e-auth-secret-0123456789abcdef0123456789 \
  OPERATOR_EMAIL=operator@network.test OPERATOR_PASSWORD=operator-e2e-password \
  NEXTAUTH_URL="http://127.0.0.1:$1" SANDBOX_BANK_DELAY_MS=300 \
  SETTLEMENT_INTERVAL_SECONDS=86400 ANONYMOUS_WRITES_PER_MINUTE=100000 SIGNUPS_PER_HOUR=100000 \
  WEBHOOK_ALLOW_PRIVATE=true WEBHOOK_POLL_MS=1000 WEBHOOK_RETRY_SCHEDULE=60,300 CHECK_RESPONSES=true \
  PASSWORD_HASHING=fast
# Cut-offs happen only when a test runs one. Passwords are hashed at argon2's least cost (every test
# signs in; lib/config.ts). Every browser of the suite signs up and in from 127.0.0.1: the
# anonymous limits per address would refuse the suite itself. Webhooks: the browser tests' receiver
# listens on 127.0.0.1 (a private target, allowed here); new events and manual retries wake delivery
# at once, and a failed delivery's next automatic attempt is a minute away, so a test's manual
# retry is the attempt that follows and the poll (for automatic retries due) can be slow.
# Idle connections are kept for 10 minutes (Node's default is 5 s): Playwright's request contexts
# reuse their sockets, and a request sent as the server closed its idle socket failed with
# ECONNRESET (once in a browser-suite run, on GET /api/proxy/me between two steps of a test).
node_modules/.bin/next start -p "$1" -H 127.0.0.1 --keepAliveTimeout 600000 &
server=$!
if [[ -p /dev/stdin || -S /dev/stdin ]]; then
  # Playwright holds this pipe (a socket pair) open while it runs and stops the server with SIGTERM
  # (playwright.config.ts, gracefulShutdown); should Playwright itself be killed, the pipe closes
  # and the server stops with it instead of living on.
  while read -r _; do :; done
  exit 0
fi
wait "$server"
