-- Settlement write path (docs/benchmarks.md, Settlement): a cut-off takes its transactions from
-- settlement_queue and settles them with HOT updates; positions are stored one row per partner.
CREATE TABLE "settlement_partner_positions" (
	"batch_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"counterparty_ids" text[] NOT NULL,
	"net_amounts" bigint[] NOT NULL,
	CONSTRAINT "settlement_partner_positions_batch_id_partner_id_pk" PRIMARY KEY("batch_id","partner_id")
);
--> statement-breakpoint
-- Arrays of up to one entry per namespace, written once and read whole: stored out of line
-- without compression (compressing a million positions took about 1.3 s of CPU per cut-off).
ALTER TABLE "settlement_partner_positions" ALTER COLUMN "counterparty_ids" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "settlement_partner_positions" ALTER COLUMN "net_amounts" SET STORAGE EXTERNAL;--> statement-breakpoint
INSERT INTO "settlement_partner_positions" ("batch_id", "partner_id", "currency", "counterparty_ids", "net_amounts")
SELECT "batch_id", "partner_id", min("currency"), array_agg("counterparty_id" ORDER BY "counterparty_id"), array_agg("net_amount" ORDER BY "counterparty_id")
FROM "settlement_positions" GROUP BY "batch_id", "partner_id";
--> statement-breakpoint
DROP TABLE "settlement_positions" CASCADE;--> statement-breakpoint
CREATE TABLE "settlement_queue" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"cleared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "settlement_queue_currency_cleared_idx" ON "settlement_queue" USING btree ("currency","cleared_at");--> statement-breakpoint
INSERT INTO "settlement_queue" ("transaction_id", "currency", "cleared_at")
SELECT "id", "currency", "cleared_at" FROM "transactions" WHERE "batch_id" IS NULL AND "status" = 2;
--> statement-breakpoint
-- Every cleared transaction is queued in the transaction that inserts it, whichever code inserts it.
CREATE FUNCTION "settlement_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO settlement_queue (transaction_id, currency, cleared_at)
  SELECT id, currency, cleared_at FROM inserted WHERE status = 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_settlement_enqueue" AFTER INSERT ON "transactions"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "settlement_enqueue"();
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD COLUMN "first_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD COLUMN "last_cleared_at" timestamp with time zone;--> statement-breakpoint
UPDATE "settlement_batches" b SET "first_cleared_at" = r.first, "last_cleared_at" = r.last
FROM (SELECT "batch_id", min("cleared_at") AS first, max("cleared_at") AS last FROM "transactions" WHERE "batch_id" IS NOT NULL GROUP BY "batch_id") r
WHERE r."batch_id" = b."id";
--> statement-breakpoint
-- Settled (6) is derived from the transaction from now on, never stored.
UPDATE "submissions" SET "status" = 3 WHERE "status" = 6;--> statement-breakpoint
DROP INDEX "transactions_unbatched_idx";--> statement-breakpoint
DROP INDEX "transactions_batch_idx";--> statement-breakpoint
DROP INDEX "transactions_debtor_idx";--> statement-breakpoint
DROP INDEX "transactions_beneficiary_idx";--> statement-breakpoint
CREATE INDEX "transactions_debtor_cleared_idx" ON "transactions" USING btree ("debtor_partner_id","cleared_at");--> statement-breakpoint
CREATE INDEX "transactions_beneficiary_cleared_idx" ON "transactions" USING btree ("beneficiary_partner_id","cleared_at");--> statement-breakpoint
-- Room in every page for the one update a transaction gets (settlement) to stay on its page (HOT):
-- a settled row is about 40 bytes longer (batch_id, settled_at) than the ~160-byte cleared row.
ALTER TABLE "transactions" SET (fillfactor = 40);--> statement-breakpoint
-- The cut-off settles a currency's clearing-time range of transactions (lib/services/settlement/cutoff.ts).
CREATE INDEX "transactions_currency_cleared_idx" ON "transactions" USING btree ("currency","cleared_at");
