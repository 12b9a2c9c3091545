DROP INDEX "payments_search_text_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "debtor_customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "beneficiary_customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The payments made before: each party's customer record's name, by its address in its namespace.
UPDATE "payments" p SET "debtor_customer_name" = trim(c."first_name" || ' ' || c."last_name")
  FROM "customers" c
  WHERE c."payment_address" = p."debtor_party" ->> 'payment_address' AND c."partner_id" = p."debtor_partner_id";--> statement-breakpoint
UPDATE "payments" p SET "beneficiary_customer_name" = trim(c."first_name" || ' ' || c."last_name")
  FROM "customers" c
  WHERE c."payment_address" = p."beneficiary_party" ->> 'payment_address' AND c."partner_id" = p."beneficiary_partner_id";--> statement-breakpoint
CREATE INDEX "payments_search_text_idx" ON "payments" USING gin ((lower(("debtor_party" ->> 'payment_address') || ' ' || coalesce("debtor_party" ->> 'first_name', '') || ' ' || coalesce("debtor_party" ->> 'last_name', '') || ' ' || ("beneficiary_party" ->> 'payment_address') || ' ' || coalesce("beneficiary_party" ->> 'first_name', '') || ' ' || coalesce("beneficiary_party" ->> 'last_name', '') || ' ' || "debtor_customer_name" || ' ' || "beneficiary_customer_name" || ' ' || "reference")) gin_trgm_ops);