ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_org_action_actor_idx" ON "audit_events" USING btree ("org_id","action","actor_label","occurred_at","seq");--> statement-breakpoint
-- A key's expiry is read with the key (lib/api/credentials.ts): changing it empties the caches.
DROP TRIGGER "api_keys_credentials_notify" ON "api_keys";--> statement-breakpoint
CREATE TRIGGER "api_keys_credentials_notify"
AFTER UPDATE OF "id", "org_id", "partner_id", "enabled", "secret_hash", "customers_read", "customers_write", "transactions_read", "transactions_write", "deleted_at", "expires_at" OR DELETE OR TRUNCATE
ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();
