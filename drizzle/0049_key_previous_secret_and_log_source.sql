ALTER TABLE "api_keys" ADD COLUMN "previous_secret_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_secret_last4" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_logs" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
CREATE INDEX "request_logs_source_idx" ON "request_logs" USING btree ("partner_id","source","id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_previous_secret_hash_unique" UNIQUE("previous_secret_hash");