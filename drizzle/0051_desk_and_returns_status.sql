ALTER TABLE "payment_returns" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "liquidity_positions" ADD COLUMN "utilisation" bigint GENERATED ALWAYS AS ((CASE WHEN unlimited THEN -1
          WHEN csp_liquidity_limit(cap, balance, allow_unsecured, unlimited) > 0
            THEN least(position::numeric * 10000 / csp_liquidity_limit(cap, balance, allow_unsecured, unlimited), 99999999)
          WHEN position > 0 THEN 10000 ELSE 0 END)::bigint) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_returns_debtor_status_idx" ON "payment_returns" USING btree ("debtor_partner_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_returns_beneficiary_status_idx" ON "payment_returns" USING btree ("beneficiary_partner_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "liquidity_positions_utilisation_idx" ON "liquidity_positions" USING btree ("utilisation","partner_id","currency");--> statement-breakpoint
-- A return's status as the wire names it (lib/domain/returns.ts, returnStatusOf): its return
-- payment's submission admitted → returned, rejected or expired → refused, else requested (settled
-- is never stored: an admitted return stays returned). Kept by the submission's own statement,
-- whichever path writes it (the admission's, a task's failure, the expiry, a release of the
-- liquidity queue), so GET /returns?status= reads an index, not each return's submission.
UPDATE payment_returns r SET status = CASE s.status WHEN 3 THEN 'returned' WHEN 4 THEN 'refused' WHEN 5 THEN 'refused' ELSE 'requested' END
FROM submissions s WHERE s.payment_pk = r.payment_pk AND s.status <> 1 AND s.status <> 2;--> statement-breakpoint
CREATE FUNCTION csp_return_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_returns SET status = CASE NEW.status WHEN 3 THEN 'returned' WHEN 4 THEN 'refused' WHEN 5 THEN 'refused' ELSE 'requested' END
  WHERE payment_pk = NEW.payment_pk;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a return's submission runs it: any other submission's write evaluates the WHEN and no more.
CREATE TRIGGER submissions_return_status_insert AFTER INSERT ON submissions FOR EACH ROW
WHEN (NEW.workflow = 'return.v1' AND NEW.status NOT IN (1, 2)) EXECUTE FUNCTION csp_return_status();--> statement-breakpoint
CREATE TRIGGER submissions_return_status_update AFTER UPDATE OF status ON submissions FOR EACH ROW
WHEN (NEW.workflow = 'return.v1' AND NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION csp_return_status();
