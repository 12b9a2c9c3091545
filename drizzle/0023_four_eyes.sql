ALTER TABLE "namespaces" ADD COLUMN "four_eyes_threshold" bigint;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "four_eyes_approvals" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "four_eyes_keys_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "approvals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "submitted_by" text;