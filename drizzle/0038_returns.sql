CREATE TABLE "payment_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"original_pk" text NOT NULL,
	"original_payment_id" text NOT NULL,
	"payment_pk" text NOT NULL,
	"debtor_partner_id" text NOT NULL,
	"beneficiary_partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "return_window_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_of" text;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_original_pk_payments_id_fk" FOREIGN KEY ("original_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_returns" ADD CONSTRAINT "payment_returns_payment_pk_payments_id_fk" FOREIGN KEY ("payment_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_returns_payment_uq" ON "payment_returns" USING btree ("payment_pk");--> statement-breakpoint
CREATE INDEX "payment_returns_original_idx" ON "payment_returns" USING btree ("original_pk","created_at");--> statement-breakpoint
CREATE INDEX "payment_returns_debtor_idx" ON "payment_returns" USING btree ("debtor_partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_returns_beneficiary_idx" ON "payment_returns" USING btree ("beneficiary_partner_id","created_at","id");--> statement-breakpoint
-- The admission's statement moves the position rows only after its guard has taken the
-- submission's row (lib/services/liquidity/admission.ts): every writer then takes a submission
-- before positions, and two completions of one admission racing cannot wait on each other in a
-- circle. 0 once the guard matched, else the guard's own refusal (CSP01).
CREATE FUNCTION csp_after_guard(guarded text) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF guarded IS NULL THEN
    RAISE EXCEPTION 'the admission changed since it was read' USING ERRCODE = 'CSP01';
  END IF;
  RETURN 0;
END
$$;
