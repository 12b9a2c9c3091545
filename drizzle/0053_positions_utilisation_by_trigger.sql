-- The desk's utilisation (0051) set by the row's trigger rather than a stored generated column: a
-- generated column's expression is prepared again by every statement that writes the row (read
-- from the catalog, csp_liquidity_limit inlined twice, its SQL parsed each time) — about a tenth
-- of a millisecond of each admission's statement — where the trigger, which every write of the
-- row already runs, has the limit at hand with its plan cached. Same values (the desk's test
-- checks them against the limit and position after every kind of write); the values stored stay.
ALTER TABLE "liquidity_positions" ALTER COLUMN "utilisation" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "liquidity_positions" ALTER COLUMN "utilisation" SET DEFAULT 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION csp_liquidity_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint;
  prev smallint := CASE WHEN TG_OP = 'UPDATE' THEN OLD.alert_level ELSE 0 END;
  reached smallint := 0;
  util numeric;
  t smallint;
  org text;
BEGIN
  -- Unlimited, or not open (nothing to run up): no alerts; utilisation −1 unlimited, else of a
  -- limit of 0.
  IF NEW.unlimited OR NEW.cap IS NULL THEN
    NEW.alert_level := 0;
    NEW.utilisation := CASE WHEN NEW.unlimited THEN -1 WHEN NEW.position > 0 THEN 10000 ELSE 0 END;
    RETURN NEW;
  END IF;
  lim := csp_liquidity_limit(NEW.cap, NEW.balance, NEW.allow_unsecured, NEW.unlimited);
  NEW.utilisation := (CASE WHEN lim > 0 THEN least(NEW.position::numeric * 10000 / lim, 99999999)
    WHEN NEW.position > 0 THEN 10000 ELSE 0 END)::bigint;
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
$$;
