#!/usr/bin/env bash
# Runs `next build` unless .next holds a build newer than every source file.
set -euo pipefail
cd "$(dirname "$0")/.."
# The migrated empty PGlite image, so that no fresh database waits for initdb (lib/db/pglite-image.ts).
node --conditions=react-server --import tsx scripts/pglite-image.ts
if [[ -f .next/BUILD_ID ]]; then
  newer=$(find app components lib public proxy.ts instrumentation.ts next.config.ts tailwind.config.ts postcss.config.mjs package.json drizzle \
    -newer .next/BUILD_ID -type f 2>/dev/null | grep -v '\.test\.ts$' | head -1 || true)
  if [[ -z "$newer" ]]; then echo "next build: up to date"; exit 0; fi
fi
NEXT_TELEMETRY_DISABLED=1 npx next build
