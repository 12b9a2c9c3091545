-- Deliveries numbered in the order dispatch creates them (lib/webhooks/store.ts, renewAndFetch): an
-- event may commit after one with a higher seq was already dispatched, and a lane that fetched by
-- seq alone skipped it until the endpoint was released, sending a payment's events out of order.
-- The column is added without a default first, so existing rows are not rewritten (they stay null,
-- read as 0); new rows take the sequence.
CREATE SEQUENCE "public"."webhook_deliveries_dispatch_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "dispatch_seq" bigint;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "dispatch_seq" SET DEFAULT nextval('webhook_deliveries_dispatch_seq');
