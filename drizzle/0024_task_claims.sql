ALTER TABLE "admission_tasks" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "claimed_by_label" text;--> statement-breakpoint
ALTER TABLE "admission_tasks" ADD COLUMN "claimed_until" timestamp with time zone;