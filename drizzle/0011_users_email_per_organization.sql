-- E-mail addresses are unique within an organization (and among operators), no longer across the
-- network: sign-up and invitations must not reveal that an address is used elsewhere. Sign-in
-- finds the accounts of an address by users_email_idx and prefers the one signed in last.
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
DROP INDEX "users_org_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_uq" ON "users" USING btree ("org_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_operator_email_uq" ON "users" USING btree ("email") WHERE "users"."org_id" is null;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");