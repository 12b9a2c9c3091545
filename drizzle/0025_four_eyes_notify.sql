-- The four-eyes policy is part of the namespace a credential lookup reads (lib/api/credentials.ts):
-- changing it empties every instance's credential cache, as the other columns do (migration 0007).
DROP TRIGGER "namespaces_credentials_notify" ON "namespaces";--> statement-breakpoint
CREATE TRIGGER "namespaces_credentials_notify"
AFTER UPDATE OF "id", "org_id", "name", "domain", "environment", "enabled", "is_system", "payment_ttl_seconds", "review_threshold", "four_eyes_threshold", "four_eyes_approvals", "four_eyes_keys_approve" OR DELETE OR TRUNCATE
ON "namespaces" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();
