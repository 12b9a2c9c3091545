-- The outbox's dispatch queue (docs/benchmarks.md, "The outbox queue"): instead of a `dispatched`
-- flag on every event (set by an update that rewrote the row and every index entry of it), the
-- events an enabled webhook subscribes to are queued by seq in the transaction that writes them,
-- and the dispatcher deletes what it fans out. Events no endpoint takes are never queued.
CREATE TABLE "event_queue" (
	"seq" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_queue" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.01);--> statement-breakpoint
INSERT INTO "event_queue" ("seq") SELECT "seq" FROM "events" WHERE NOT "dispatched";--> statement-breakpoint
DROP INDEX "events_undispatched_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "dispatched";--> statement-breakpoint
DROP TRIGGER "events_notify" ON "events";--> statement-breakpoint
DROP FUNCTION "csp_events_notify"();--> statement-breakpoint
-- Every statement that writes events queues those some endpoint will take (the dispatcher's own
-- subscription test; it checks again when it fans out) and, if it queued any, wakes webhook
-- delivery on commit (EVENTS_CHANNEL in lib/services/events/emit.ts), whichever code path wrote
-- them; identical notifications of one transaction are folded into one.
CREATE FUNCTION "csp_events_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (seq)
  SELECT e.seq FROM inserted e
  WHERE EXISTS (
    SELECT 1 FROM webhooks h
    WHERE h.partner_id = e.partner_id AND h.deleted_at IS NULL AND h.enabled
      AND CASE WHEN e.type = 'webhook.test' THEN e.data->>'webhook_id' = h.id ELSE h.event_types ? '*' OR h.event_types ? e.type END
  );
  IF FOUND THEN
    PERFORM pg_notify('csp_events', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_enqueue" AFTER INSERT ON "events"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "csp_events_enqueue"();
