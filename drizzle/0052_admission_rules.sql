CREATE TABLE "admission_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"task_names" text[],
	"conditions" jsonb NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"note" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "rules_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "rule_id" text;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "rule_name" text;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "rule_action" text;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "payer_address" text;--> statement-breakpoint
CREATE INDEX "admission_rules_order_idx" ON "admission_rules" USING btree ("partner_id","position");--> statement-breakpoint
CREATE INDEX "tasks_rule_idx" ON "admission_tasks" USING btree ("rule_id","created_at") WHERE "admission_tasks"."rule_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_payer_idx" ON "admission_tasks" USING btree ("partner_id","payer_address","created_at") WHERE "admission_tasks"."payer_address" is not null;