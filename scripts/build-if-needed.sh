#!/usr/bin/env bash
# Runs `next build` unless .next holds a build newer than every source file, then puts V8's
# compile hint on its browser chunks (scripts/compile-hints.ts).
# `--check`: builds nothing; exits 0 when the build is up to date, 10 when one is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
up_to_date() {
  [[ -f .next/BUILD_ID ]] || return 1
  newer=$(find app components lib public proxy.ts instrumentation.ts next.config.ts tailwind.config.ts postcss.config.mjs package.json drizzle \
    -newer .next/BUILD_ID -type f 2>/dev/null | grep -v '\.test\.ts$' | head -1 || true)
  [[ -z "$newer" ]]
}
if [[ "${1:-}" == "--check" ]]; then
  if up_to_date; then exit 0; else exit 10; fi
fi
# The migrated empty PGlite image, so that no fresh database waits for initdb (lib/db/pglite-image.ts).
node --conditions=react-server --import tsx scripts/pglite-image.ts
if up_to_date; then
  echo "next build: up to date"
else
  NEXT_TELEMETRY_DISABLED=1 npx next build
fi
# V8's compile hint on the browser's chunks (lib/build/compile-hints.ts): a no-op where it is.
node --import tsx scripts/compile-hints.ts
