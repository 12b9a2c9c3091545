ALTER TABLE "accounts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "rejected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_review_queue_idx" ON "accounts" USING btree ("created_at","id") WHERE "accounts"."status" = 'unverified' AND NOT "accounts"."rejected";