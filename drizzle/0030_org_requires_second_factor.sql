ALTER TABLE "organizations" ADD COLUMN "require_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The credential lookup now reads whether a user has a second factor and whether their
-- organization requires one: changes to either empty every instance's credential cache.
DROP TRIGGER "users_credentials_notify" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_credentials_notify"
AFTER UPDATE OF "id", "org_id", "email", "role", "disabled", "totp_enabled_at" OR DELETE OR TRUNCATE
ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();--> statement-breakpoint
DROP TRIGGER "organizations_credentials_notify" ON "organizations";--> statement-breakpoint
CREATE TRIGGER "organizations_credentials_notify"
AFTER UPDATE OF "id", "status", "require_second_factor" OR DELETE OR TRUNCATE
ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();
