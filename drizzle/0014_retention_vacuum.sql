-- Storage bounded by retention (lib/services/retention/purge.ts): the purge deletes, every minute,
-- what is past its retention; vacuum must then make those pages reusable well before the table
-- would grow. PostgreSQL's default waits for 20 % of a table to be dead: a table holding a day of
-- idempotency records would first double. These tables are vacuumed after 2 % (and at once for
-- small ones), so their size stays at about one retention period. PGlite (no autovacuum) is
-- vacuumed by the purge itself.
ALTER TABLE "idempotency_keys" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "events" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "webhook_attempts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "rate_limit_counters" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "namespace_rollup_deltas" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "settlement_queue" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);
