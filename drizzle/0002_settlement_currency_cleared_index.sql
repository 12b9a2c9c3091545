-- The cut-off settles a currency's clearing-time range of transactions (lib/services/settlement/cutoff.ts).
CREATE INDEX "transactions_currency_cleared_idx" ON "transactions" USING btree ("currency","cleared_at");
