ALTER TABLE "users" ADD COLUMN "invitation_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_invitation_uq" ON "users" USING btree ("invitation_hash");