-- Nothing reads events by namespace: webhook dispatch reads them by seq (docs/benchmarks.md).
DROP INDEX "events_partner_idx";