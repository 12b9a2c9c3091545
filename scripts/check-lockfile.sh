#!/usr/bin/env bash
# Deploy pipelines install with `npm ci` on whatever platform they run: package-lock.json must hold
# every platform's optional packages (Next.js's SWC, Tailwind's oxide, …), not only this machine's.
# `npm ci --dry-run` on a copy of the committed manifest and lockfile refuses a lockfile that is out
# of sync with package.json; nothing is downloaded or installed.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp package.json package-lock.json "$dir/"
[[ -f .npmrc ]] && cp .npmrc "$dir/"
if ! (cd "$dir" && npm ci --dry-run --ignore-scripts --no-audit --no-fund >"$dir/out.log" 2>&1); then
  grep -E 'npm error (Missing|Invalid|`npm ci`)' "$dir/out.log" | head -5 >&2 || tail -5 "$dir/out.log" >&2
  echo "package-lock.json is refused by 'npm ci': run 'npm install' and commit the lockfile" >&2
  exit 1
fi
# Every platform's build of the native packages is listed (npm ci elsewhere would otherwise miss it).
for pkg in @next/swc-darwin-arm64 @next/swc-win32-x64-msvc @tailwindcss/oxide-darwin-arm64 @tailwindcss/oxide-win32-x64-msvc; do
  grep -q "\"node_modules/$pkg\"" package-lock.json || { echo "package-lock.json lacks $pkg (another platform's optional package)" >&2; exit 1; }
done
echo "package-lock.json: accepted by npm ci, every platform's packages listed"
