ALTER TABLE "namespace_rollup_deltas" ALTER COLUMN "amount" SET DATA TYPE numeric(38, 0);--> statement-breakpoint
ALTER TABLE "namespace_rollup_deltas" ALTER COLUMN "amount" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "namespace_rollups" ALTER COLUMN "amount" SET DATA TYPE numeric(38, 0);--> statement-breakpoint
ALTER TABLE "namespace_rollups" ALTER COLUMN "amount" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "liquidity_positions" ADD COLUMN "unlimited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- No credit without a limit (docs/decisions.md, "No credit without a limit"): a participant runs
-- up net debit only in a currency the operator opened for it, with a cap or explicitly unlimited.
-- The production participants that had no cap had no limit: they keep it, now as the explicit
-- `unlimited` the operator may review (docs/changes.md). A sandbox namespace's currency is opened
-- with its demo balance and cap on first use (lib/services/liquidity/positions.ts).
UPDATE liquidity_positions SET unlimited = true
WHERE cap IS NULL AND partner_id IN (SELECT id FROM namespaces WHERE environment = 'production');--> statement-breakpoint
-- The most net debit a participant may run up: its cap, no more than its balance unless the
-- operator lends (allow_unsecured); 0 without a cap (the currency is not open); and never more
-- than 10^18 past its balance (lib/domain/currencies.ts, MAX_LIQUIDITY_MINOR), `unlimited` too,
-- so that a cut-off's nets and the balances they move stay within a bigint.
CREATE FUNCTION csp_liquidity_limit(cap bigint, balance bigint, allow_unsecured boolean, unlimited boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN unlimited THEN bound
    WHEN cap IS NULL THEN 0
    WHEN allow_unsecured THEN least(cap, bound)
    ELSE least(cap, greatest(balance, 0)) END
  -- The balance plus 10^18, and never past a bigint itself (a balance the bounds never let in).
  FROM (SELECT CASE WHEN balance > 8223372036854775807 THEN 9223372036854775807
                    ELSE balance + 1000000000000000000 END AS bound) b
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION csp_liquidity_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint;
  prev smallint := CASE WHEN TG_OP = 'UPDATE' THEN OLD.alert_level ELSE 0 END;
  reached smallint := 0;
  util numeric;
  t smallint;
  org text;
BEGIN
  -- Unlimited, or not open (nothing to run up): no alerts.
  IF NEW.unlimited OR NEW.cap IS NULL THEN
    NEW.alert_level := 0;
    RETURN NEW;
  END IF;
  lim := csp_liquidity_limit(NEW.cap, NEW.balance, NEW.allow_unsecured, NEW.unlimited);
  util := CASE WHEN lim > 0 THEN NEW.position * 100.0 / lim WHEN NEW.position > 0 THEN 9999 ELSE 0 END;
  FOREACH t IN ARRAY NEW.thresholds LOOP
    IF util >= t AND t > reached THEN reached := t; END IF;
  END LOOP;
  IF reached > prev THEN
    NEW.alert_level := reached;
    SELECT org_id INTO org FROM namespaces WHERE id = NEW.partner_id;
    INSERT INTO events (id, type, org_id, partner_id, data)
    VALUES (csp_new_id('evt'), 'liquidity.threshold', org, NEW.partner_id, jsonb_build_object(
      'partner_id', NEW.partner_id, 'currency', NEW.currency, 'threshold', reached,
      'utilisation', round(least(util, 9999), 1), 'position', NEW.position::text, 'limit', lim::text,
      'cap', NEW.cap::text, 'balance', NEW.balance::text, 'allow_unsecured', NEW.allow_unsecured));
    INSERT INTO liquidity_alerts (id, partner_id, currency, kind, level, position, "limit")
    VALUES (csp_new_id('lqa'), NEW.partner_id, NEW.currency, 'threshold', reached, NEW.position, lim);
  ELSIF prev > 0 AND util < prev - 10 THEN
    NEW.alert_level := reached;
  ELSE
    NEW.alert_level := prev;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP FUNCTION csp_liquidity_limit(bigint, bigint, boolean);
