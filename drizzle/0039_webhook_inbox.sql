CREATE TABLE "webhook_inbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"signature_valid" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "test_webhook_id" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "kind" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_inbox_messages_webhook_idx" ON "webhook_inbox_messages" USING btree ("webhook_id","id");--> statement-breakpoint
-- A test event of any type (POST /webhook/{id}/test {event_type}) is queued for, and fanned out
-- to, the one endpoint it names in test_webhook_id, whatever that endpoint subscribes to
-- (lib/webhooks/outbox.ts). Events of real changes are queued as before.
CREATE OR REPLACE FUNCTION "csp_events_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (seq)
  SELECT e.seq FROM inserted e
  WHERE EXISTS (
    SELECT 1 FROM webhooks h
    WHERE h.partner_id = e.partner_id AND h.deleted_at IS NULL
      AND CASE
        WHEN e.test_webhook_id IS NOT NULL THEN e.test_webhook_id = h.id
        WHEN e.type = 'webhook.test' THEN e.data->>'webhook_id' = h.id
        ELSE h.event_types ? '*' OR h.event_types ? e.type
      END
  );
  IF FOUND THEN
    PERFORM pg_notify('csp_events', '');
  END IF;
  RETURN NULL;
END
$$;
