ALTER TABLE "organizations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "decision_note" text;