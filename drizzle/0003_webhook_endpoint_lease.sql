DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "events_undispatched_idx";--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("webhook_id","event_seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("seq") WHERE NOT "events"."dispatched";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "locked_until";--> statement-breakpoint
-- Queue tables: rows turn over fast, so vacuum and analyze them after 1 % of changes instead of 20 %.
ALTER TABLE "webhook_deliveries" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "events" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
-- Every statement that writes events wakes webhook delivery on commit (EVENTS_CHANNEL in
-- lib/services/events/emit.ts), whichever code path wrote them; identical notifications of one
-- transaction are folded into one.
CREATE FUNCTION "csp_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('csp_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "csp_events_notify"();
