-- Lists at scale and the overview's rollups (docs/decisions.md "Lists", "The overview figures").
CREATE TABLE "namespace_rollup_deltas" (
	"partner_id" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"key2" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "namespace_rollups" (
	"partner_id" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"key2" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "namespace_rollups_partner_id_metric_day_key_key2_currency_pk" PRIMARY KEY("partner_id","metric","day","key","key2","currency")
);
--> statement-breakpoint
DROP INDEX "payments_payment_id_idx";--> statement-breakpoint
DROP INDEX "payments_partner_created_idx";--> statement-breakpoint
DROP INDEX "submissions_status_expiry_idx";--> statement-breakpoint
DROP INDEX "accounts_partner_idx";--> statement-breakpoint
DROP INDEX "api_keys_partner_idx";--> statement-breakpoint
DROP INDEX "customers_partner_idx";--> statement-breakpoint
DROP INDEX "namespaces_org_idx";--> statement-breakpoint
DROP INDEX "tasks_queue_idx";--> statement-breakpoint
DROP INDEX "payments_debtor_idx";--> statement-breakpoint
DROP INDEX "payments_beneficiary_idx";--> statement-breakpoint
DROP INDEX "transactions_debtor_cleared_idx";--> statement-breakpoint
DROP INDEX "transactions_beneficiary_cleared_idx";--> statement-breakpoint
DROP INDEX "settlement_batches_cutoff_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_webhook_idx";--> statement-breakpoint
DROP INDEX "webhooks_partner_idx";--> statement-breakpoint
-- Copies of the payment's parties and creation time (they never change) on submissions and on the
-- settlement queue, for the payments list by status (lib/services/payments/list.ts).
ALTER TABLE "submissions" ADD COLUMN "debtor_partner_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "beneficiary_partner_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "payment_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "submissions" s SET "debtor_partner_id" = p."debtor_partner_id", "beneficiary_partner_id" = p."beneficiary_partner_id", "payment_created_at" = p."created_at"
FROM "payments" p WHERE p."id" = s."payment_pk";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "debtor_partner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "beneficiary_partner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "payment_created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD COLUMN "payment_pk" text;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD COLUMN "debtor_partner_id" text;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD COLUMN "beneficiary_partner_id" text;--> statement-breakpoint
ALTER TABLE "settlement_queue" ADD COLUMN "payment_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "settlement_queue" q SET "payment_pk" = t."payment_pk", "debtor_partner_id" = t."debtor_partner_id", "beneficiary_partner_id" = t."beneficiary_partner_id", "payment_created_at" = p."created_at"
FROM "transactions" t JOIN "payments" p ON p."id" = t."payment_pk" WHERE t."id" = q."transaction_id";--> statement-breakpoint
ALTER TABLE "settlement_queue" ALTER COLUMN "payment_pk" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_queue" ALTER COLUMN "debtor_partner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_queue" ALTER COLUMN "beneficiary_partner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_queue" ALTER COLUMN "payment_created_at" SET NOT NULL;--> statement-breakpoint
-- Every cleared transaction is queued with its payment's parties and creation time.
CREATE OR REPLACE FUNCTION "settlement_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_queue (transaction_id, currency, cleared_at, payment_pk, debtor_partner_id, beneficiary_partner_id, payment_created_at)
  SELECT i.id, i.currency, i.cleared_at, i.payment_pk, i.debtor_partner_id, i.beneficiary_partner_id, p.created_at
  FROM inserted i JOIN payments p ON p.id = i.payment_pk WHERE i.status = 2;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE INDEX "organizations_created_idx" ON "organizations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "organizations_status_created_idx" ON "organizations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_debtor_payment_id_idx" ON "payments" USING btree ("debtor_partner_id","payment_id" collate "C","id");--> statement-breakpoint
CREATE INDEX "payments_beneficiary_payment_id_idx" ON "payments" USING btree ("beneficiary_partner_id","payment_id" collate "C","id");--> statement-breakpoint
CREATE INDEX "submissions_open_expiry_idx" ON "submissions" USING btree ("status","expires_at") WHERE "submissions"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "submissions_debtor_status_idx" ON "submissions" USING btree ("debtor_partner_id","status","payment_created_at","payment_pk") WHERE "submissions"."status" <> 3;--> statement-breakpoint
CREATE INDEX "submissions_beneficiary_status_idx" ON "submissions" USING btree ("beneficiary_partner_id","status","payment_created_at","payment_pk") WHERE "submissions"."status" <> 3;--> statement-breakpoint
CREATE INDEX "settlement_queue_debtor_idx" ON "settlement_queue" USING btree ("debtor_partner_id","payment_created_at","payment_pk");--> statement-breakpoint
CREATE INDEX "settlement_queue_beneficiary_idx" ON "settlement_queue" USING btree ("beneficiary_partner_id","payment_created_at","payment_pk");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("webhook_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_partner_idx" ON "accounts" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_keys_partner_idx" ON "api_keys" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_partner_idx" ON "customers" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "namespaces_org_idx" ON "namespaces" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_queue_idx" ON "admission_tasks" USING btree ("partner_id","status","expires_at","id");--> statement-breakpoint
CREATE INDEX "payments_debtor_idx" ON "payments" USING btree ("debtor_partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_beneficiary_idx" ON "payments" USING btree ("beneficiary_partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_debtor_cleared_idx" ON "transactions" USING btree ("debtor_partner_id","cleared_at","id");--> statement-breakpoint
CREATE INDEX "transactions_beneficiary_cleared_idx" ON "transactions" USING btree ("beneficiary_partner_id","cleared_at","id");--> statement-breakpoint
CREATE INDEX "settlement_batches_cutoff_idx" ON "settlement_batches" USING btree ("cutoff_time","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhooks_partner_idx" ON "webhooks" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE FUNCTION "csp_utc_day"(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (t AT TIME ZONE 'UTC')::date
$$;--> statement-breakpoint
-- The overview's figures from the rows themselves (lib/services/overview/deltas.ts keeps them
-- moving with the writes): run here for the rows already there, and by bulk loads.
CREATE FUNCTION "csp_rebuild_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM namespace_rollup_deltas;
  DELETE FROM namespace_rollups;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, currency, count, amount)
  SELECT party.id, 'volume', csp_utc_day(p.created_at),
    CASE WHEN s.id IS NULL THEN 'unsubmitted' WHEN s.status = 3 AND t.status = 3 THEN 'settled'
      ELSE (ARRAY['pending', 'on_hold', 'admitted', 'rejected', 'expired'])[s.status] END,
    p.currency, count(*), sum(p.amount_minor)
  FROM payments p LEFT JOIN submissions s ON s.payment_pk = p.id LEFT JOIN transactions t ON t.id = s.transaction_id
  CROSS JOIN LATERAL (VALUES (p.debtor_partner_id),
    (CASE WHEN p.beneficiary_partner_id <> p.debtor_partner_id THEN p.beneficiary_partner_id END)) AS party(id)
  WHERE party.id IS NOT NULL GROUP BY 1, 3, 4, 5;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, count)
  SELECT partner_id, 'tasks', DATE '1970-01-01', (ARRAY['pending', 'completed', 'failed', 'on_hold'])[status], count(*)
  FROM admission_tasks GROUP BY 1, 4;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, key2, count)
  SELECT party.id, 'exceptions', csp_utc_day(e.created_at), e.exception_code, e.blame, count(*)
  FROM payment_exceptions e JOIN payments p ON p.id = e.payment_pk
  CROSS JOIN LATERAL (VALUES (p.debtor_partner_id),
    (CASE WHEN p.beneficiary_partner_id <> p.debtor_partner_id THEN p.beneficiary_partner_id END)) AS party(id)
  WHERE party.id IS NOT NULL GROUP BY 1, 3, 4, 5;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, currency, count, amount)
  SELECT m.partner, 'awaiting', DATE '1970-01-01', m.key, t.currency, count(*), sum(m.amount)
  FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
  CROSS JOIN LATERAL (VALUES (t.debtor_partner_id, 'out', t.amount_minor), (t.beneficiary_partner_id, 'in', t.amount_minor),
    (t.debtor_partner_id, 'txn', 0),
    (CASE WHEN t.beneficiary_partner_id <> t.debtor_partner_id THEN t.beneficiary_partner_id END, 'txn', 0)) AS m(partner, key, amount)
  WHERE m.partner IS NOT NULL GROUP BY 1, 4, 5;
END
$$;--> statement-breakpoint
SELECT csp_rebuild_rollups();
