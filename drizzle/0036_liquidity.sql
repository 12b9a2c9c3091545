CREATE TABLE "liquidity_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"level" smallint NOT NULL,
	"position" bigint NOT NULL,
	"limit" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "liquidity_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text,
	"note" text,
	"batch_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liquidity_positions" (
	"partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"cap" bigint,
	"allow_unsecured" boolean DEFAULT false NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"queued_count" integer DEFAULT 0 NOT NULL,
	"queued_amount" bigint DEFAULT 0 NOT NULL,
	"thresholds" smallint[] DEFAULT '{75,90}'::smallint[] NOT NULL,
	"alert_level" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liquidity_positions_partner_id_currency_pk" PRIMARY KEY("partner_id","currency")
);
--> statement-breakpoint
CREATE TABLE "liquidity_queue" (
	"submission_id" text PRIMARY KEY NOT NULL,
	"payment_pk" text NOT NULL,
	"payment_id" text NOT NULL,
	"debtor_partner_id" text NOT NULL,
	"beneficiary_partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "on_cap" text DEFAULT 'reject' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "liquidity_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "liquidity_positions" ADD CONSTRAINT "liquidity_positions_partner_id_namespaces_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liquidity_alerts_pending_idx" ON "liquidity_alerts" USING btree ("created_at") WHERE "liquidity_alerts"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "liquidity_alerts_partner_idx" ON "liquidity_alerts" USING btree ("partner_id","currency","kind","created_at");--> statement-breakpoint
CREATE INDEX "liquidity_entries_partner_idx" ON "liquidity_entries" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "liquidity_entries_partner_currency_idx" ON "liquidity_entries" USING btree ("partner_id","currency","created_at","id");--> statement-breakpoint
CREATE INDEX "liquidity_queue_currency_idx" ON "liquidity_queue" USING btree ("currency","queued_at","submission_id");--> statement-breakpoint
CREATE INDEX "liquidity_queue_debtor_idx" ON "liquidity_queue" USING btree ("debtor_partner_id","queued_at","submission_id");--> statement-breakpoint
-- Identifiers made in SQL, in the shape of lib/ids.ts (prefix, 9 base-36 characters of the time
-- in milliseconds, 16 random characters): for the rows the triggers below write.
CREATE FUNCTION csp_base36(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits text := '0123456789abcdefghijklmnopqrstuvwxyz';
  out text := '';
BEGIN
  IF n = 0 THEN RETURN '0'; END IF;
  WHILE n > 0 LOOP
    out := substr(digits, (n % 36)::int + 1, 1) || out;
    n := n / 36;
  END LOOP;
  RETURN out;
END
$$;--> statement-breakpoint
CREATE FUNCTION csp_new_id(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT prefix || '_' || lpad(csp_base36(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 9, '0')
    || substr(md5(random()::text || clock_timestamp()::text), 1, 16)
$$;--> statement-breakpoint
-- The most net debit a participant may run up (DESIGN §11): its cap, and no more than its balance
-- unless the operator allows unsecured credit; null without a cap.
CREATE FUNCTION csp_liquidity_limit(cap bigint, balance bigint, allow_unsecured boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cap IS NULL THEN NULL WHEN allow_unsecured THEN cap ELSE least(cap, greatest(balance, 0)) END
$$;--> statement-breakpoint
-- The admission's guard (lib/services/liquidity/admission.ts): aborts the statement that admits a
-- payment, writing nothing, when the debtor's position row was not moved because the payment does
-- not fit under its limit.
CREATE FUNCTION csp_within_cap(ok boolean, status integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'the payment does not fit under the debtor''s net debit cap' USING ERRCODE = 'CSP02';
  END IF;
  RETURN status;
END
$$;--> statement-breakpoint
-- Threshold alerts, whatever moved the position (an admission, a cut-off, a release, the operator):
-- raised once per upward crossing of one of the row's thresholds, as an event to the participant's
-- webhooks (liquidity.threshold) and an alert to e-mail; re-armed once utilisation falls 10 points
-- below the level alerted.
CREATE FUNCTION csp_liquidity_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint := csp_liquidity_limit(NEW.cap, NEW.balance, NEW.allow_unsecured);
  prev smallint := CASE WHEN TG_OP = 'UPDATE' THEN OLD.alert_level ELSE 0 END;
  reached smallint := 0;
  util numeric;
  t smallint;
  org text;
BEGIN
  IF lim IS NULL THEN
    NEW.alert_level := 0;
    RETURN NEW;
  END IF;
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
-- The positions of the transactions admitted before liquidity was kept, not yet settled.
INSERT INTO liquidity_positions (partner_id, currency, position)
SELECT p, currency, sum(delta) FROM (
  SELECT t.debtor_partner_id AS p, t.currency, t.amount_minor AS delta
  FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
  WHERE t.debtor_partner_id <> t.beneficiary_partner_id
  UNION ALL
  SELECT t.beneficiary_partner_id, t.currency, -t.amount_minor
  FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
  WHERE t.debtor_partner_id <> t.beneficiary_partner_id
) d
WHERE p IN (SELECT id FROM namespaces)
GROUP BY p, currency;--> statement-breakpoint
CREATE TRIGGER liquidity_positions_alert BEFORE INSERT OR UPDATE ON liquidity_positions
FOR EACH ROW EXECUTE FUNCTION csp_liquidity_alert();--> statement-breakpoint
-- The ledger is append-only, as the audit trail is: a balance is the sum of its entries.
CREATE FUNCTION csp_liquidity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the liquidity ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER liquidity_entries_append_only BEFORE UPDATE OR DELETE ON liquidity_entries
FOR EACH ROW EXECUTE FUNCTION csp_liquidity_append_only();--> statement-breakpoint
CREATE TRIGGER liquidity_entries_no_truncate BEFORE TRUNCATE ON liquidity_entries
FOR EACH STATEMENT EXECUTE FUNCTION csp_liquidity_append_only();
