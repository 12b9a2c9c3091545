#!/usr/bin/env bash
# Adds a migration for what changed in lib/db/schema: `npm run db:generate -- --name <what>`, or
# `npm run db:generate -- --custom --name <what>` for an empty one to write SQL Drizzle cannot
# express. It never deletes or rewrites one: drizzle-kit generates from drizzle/meta's snapshots,
# and the new migration is listed in drizzle/migrations.sha256 (commit it with the migration).
set -euo pipefail
cd "$(dirname "$0")/.."
name=""
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case "${args[i]}" in
    --name) name="${args[i + 1]:-}" ;;
    --name=*) name="${args[i]#--name=}" ;;
  esac
done
if [[ ! "$name" =~ ^[a-z0-9_]+$ ]]; then
  echo "usage: npm run db:generate -- --name <what_it_adds> [--custom]   (a name in snake_case)" >&2
  exit 2
fi
# The listed migrations first: a new one is never generated on top of an edited history.
npx tsx scripts/migrations-lock.ts listed
npx drizzle-kit generate "$@"
npx tsx scripts/migrations-lock.ts append
