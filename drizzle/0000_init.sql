CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'sandbox' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"preferred_partner_id" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"account_title" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"routing_number" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"institution" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_last4" text NOT NULL,
	"secret_prefix" text NOT NULL,
	"customers_read" boolean DEFAULT false NOT NULL,
	"customers_write" boolean DEFAULT false NOT NULL,
	"transactions_read" boolean DEFAULT false NOT NULL,
	"transactions_write" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"payment_address" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"nick_name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_payment_address_unique" UNIQUE("payment_address")
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" text PRIMARY KEY NOT NULL,
	"requester_partner_id" text NOT NULL,
	"counterparty_partner_id" text NOT NULL,
	"partner_low" text NOT NULL,
	"partner_high" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "namespaces" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"environment" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"payment_ttl_seconds" integer DEFAULT 86400 NOT NULL,
	"review_threshold" bigint DEFAULT 1000000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "namespaces_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "admission_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"admission_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"payment_pk" text NOT NULL,
	"payment_id" text NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"workflow" text NOT NULL,
	"assignee" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"status_reason" integer DEFAULT 0 NOT NULL,
	"note" text,
	"updated_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_exceptions" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_pk" text NOT NULL,
	"payment_id" text NOT NULL,
	"submission_id" text,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"record_type" text DEFAULT 'PaymentSubmission' NOT NULL,
	"exception_code" text NOT NULL,
	"exception_message" text NOT NULL,
	"blame" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"debtor_partner_id" text NOT NULL,
	"beneficiary_partner_id" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"debtor_party" jsonb NOT NULL,
	"beneficiary_party" jsonb NOT NULL,
	"device" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"initiated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_pk" text NOT NULL,
	"payment_id" text NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"admission_id" text NOT NULL,
	"workflow" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_admission_id_unique" UNIQUE("admission_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"direction" text NOT NULL,
	"transaction_type" text DEFAULT 'TT_PAYMENT' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_pk" text NOT NULL,
	"payment_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"approval_code" text NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"debtor_partner_id" text NOT NULL,
	"beneficiary_partner_id" text NOT NULL,
	"initiated_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"batch_id" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"cutoff_time" timestamp with time zone NOT NULL,
	"started_on" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_on" timestamp with time zone,
	"status" text NOT NULL,
	"txn_count" integer DEFAULT 0 NOT NULL,
	"root_hash" text,
	"tree_version" text,
	"leaves_count" integer,
	"root_created_at" timestamp with time zone,
	"failure_reason" text
);
--> statement-breakpoint
CREATE TABLE "settlement_leaves" (
	"batch_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"leaf_index" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"leaf_hash" text NOT NULL,
	"txn_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "settlement_leaves_batch_id_partner_id_pk" PRIMARY KEY("batch_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_positions" (
	"batch_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"counterparty_id" text NOT NULL,
	"currency" text NOT NULL,
	"net_amount" bigint NOT NULL,
	CONSTRAINT "settlement_positions_batch_id_partner_id_counterparty_id_pk" PRIMARY KEY("batch_id","partner_id","counterparty_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"dispatched" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"partner_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_partner_id_namespaces_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_partner_id_namespaces_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_partner_id_namespaces_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_requester_partner_id_namespaces_id_fk" FOREIGN KEY ("requester_partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_counterparty_partner_id_namespaces_id_fk" FOREIGN KEY ("counterparty_partner_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespaces" ADD CONSTRAINT "namespaces_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD CONSTRAINT "admission_tasks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD CONSTRAINT "admission_tasks_payment_pk_payments_id_fk" FOREIGN KEY ("payment_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_payment_pk_payments_id_fk" FOREIGN KEY ("payment_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_payment_pk_payments_id_fk" FOREIGN KEY ("payment_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_pk_payments_id_fk" FOREIGN KEY ("payment_pk") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_leaves" ADD CONSTRAINT "settlement_leaves_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_positions" ADD CONSTRAINT "settlement_positions_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "accounts_partner_idx" ON "accounts" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "api_keys_partner_idx" ON "api_keys" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_partner_idx" ON "customers" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "links_pair_uq" ON "links" USING btree ("partner_low","partner_high");--> statement-breakpoint
CREATE INDEX "links_requester_idx" ON "links" USING btree ("requester_partner_id");--> statement-breakpoint
CREATE INDEX "links_counterparty_idx" ON "links" USING btree ("counterparty_partner_id");--> statement-breakpoint
CREATE INDEX "namespaces_org_idx" ON "namespaces" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_queue_idx" ON "admission_tasks" USING btree ("partner_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "tasks_admission_idx" ON "admission_tasks" USING btree ("admission_id");--> statement-breakpoint
CREATE INDEX "payment_exceptions_payment_idx" ON "payment_exceptions" USING btree ("payment_pk");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_partner_payment_uq" ON "payments" USING btree ("partner_id","payment_id");--> statement-breakpoint
CREATE INDEX "payments_partner_created_idx" ON "payments" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_debtor_idx" ON "payments" USING btree ("debtor_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_beneficiary_idx" ON "payments" USING btree ("beneficiary_partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_payment_uq" ON "submissions" USING btree ("payment_pk");--> statement-breakpoint
CREATE INDEX "submissions_status_expiry_idx" ON "submissions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "transaction_lines_txn_idx" ON "transaction_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_unbatched_idx" ON "transactions" USING btree ("currency","cleared_at") WHERE batch_id IS NULL;--> statement-breakpoint
CREATE INDEX "transactions_batch_idx" ON "transactions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "transactions_debtor_idx" ON "transactions" USING btree ("debtor_partner_id");--> statement-breakpoint
CREATE INDEX "transactions_beneficiary_idx" ON "transactions" USING btree ("beneficiary_partner_id");--> statement-breakpoint
CREATE INDEX "settlement_batches_cutoff_idx" ON "settlement_batches" USING btree ("cutoff_time");--> statement-breakpoint
CREATE INDEX "settlement_leaves_partner_idx" ON "settlement_leaves" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "events_partner_idx" ON "events" USING btree ("partner_id","seq");--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("dispatched","seq");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_partner_idx" ON "webhooks" USING btree ("partner_id");