-- What the payments lists check per row, added after the indexes' keys so that a list reads the
-- index alone (an index-only scan): the currency, on the beneficiary side the debtor (an on-us
-- payment is listed on the debtor side only), and between two namespaces the amount. A capped
-- count of a currency's or a counterparty's payments above an amount read up to 10,000 rows of
-- the table per side (docs/benchmarks.md, "Index-only search filters"). Like every index
-- migration here, it is built inside the migration's transaction: writes to payments wait for it
-- (15 s at 10^6 payments, so minutes at 10^7; docs/benchmarks.md).
DROP INDEX "payments_debtor_idx";--> statement-breakpoint
DROP INDEX "payments_beneficiary_idx";--> statement-breakpoint
DROP INDEX "payments_pair_idx";--> statement-breakpoint
CREATE INDEX "payments_debtor_idx" ON "payments" USING btree ("debtor_partner_id","created_at","id","currency");--> statement-breakpoint
CREATE INDEX "payments_beneficiary_idx" ON "payments" USING btree ("beneficiary_partner_id","created_at","id","currency","debtor_partner_id");--> statement-breakpoint
CREATE INDEX "payments_pair_idx" ON "payments" USING btree ("debtor_partner_id","beneficiary_partner_id","created_at","id","amount_minor");