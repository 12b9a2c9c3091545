CREATE TABLE "request_log_settings" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"keep_bodies" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_logs" (
	"partner_id" text NOT NULL,
	"id" text NOT NULL,
	"request_id" text NOT NULL,
	"org_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"route" text,
	"query" text,
	"status" smallint NOT NULL,
	"status_class" smallint NOT NULL,
	"latency_ms" real NOT NULL,
	"credential" text NOT NULL,
	"actor" text NOT NULL,
	"idempotency_key" text,
	"replayed" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"request_body" text,
	"response_body" text,
	CONSTRAINT "request_logs_partner_id_id_pk" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
CREATE INDEX "request_logs_status_idx" ON "request_logs" USING btree ("partner_id","status_class","id") WHERE "request_logs"."status_class" >= 3;--> statement-breakpoint
CREATE INDEX "request_logs_path_idx" ON "request_logs" USING btree ("partner_id","path","id");--> statement-breakpoint
CREATE INDEX "request_logs_credential_idx" ON "request_logs" USING btree ("partner_id","credential","id");--> statement-breakpoint
CREATE INDEX "request_logs_request_id_idx" ON "request_logs" USING btree ("partner_id","request_id") WHERE "request_logs"."request_id" <> "request_logs"."id";--> statement-breakpoint
-- Purged as it is written (retention): vacuumed once 2 % of it is dead, where autovacuum runs.
ALTER TABLE "request_logs" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
