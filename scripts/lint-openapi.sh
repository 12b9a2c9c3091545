#!/usr/bin/env bash
# Lints the OpenAPI document the gateway serves (GET /api/v1/csp/openapi.json) with Redocly CLI and
# the rules of redocly.yaml. The document is generated from the route table, without a server or a
# database. Fails on any error or warning.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
node --conditions=react-server --import tsx scripts/openapi-document.ts "$dir/openapi.json" >/dev/null
# Redocly CLI exits 0 on warnings: its JSON report is read instead. Its stderr (a notice about
# Node.js 20 support) is shown only when the lint fails.
REDOCLY_TELEMETRY=off node_modules/.bin/redocly lint "$dir/openapi.json" --config redocly.yaml \
  --format json --max-problems 1000 >"$dir/report.json" 2>"$dir/stderr.log" || true
if ! node - "$dir/report.json" <<'JS'; then
const report = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
const { errors, warnings } = report.totals;
for (const p of report.problems)
  console.error(`${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
console.log(`OpenAPI document: ${errors} errors, ${warnings} warnings (Redocly CLI ${report.version})`);
process.exit(errors + warnings === 0 ? 0 : 1);
JS
  cat "$dir/stderr.log" >&2
  exit 1
fi
