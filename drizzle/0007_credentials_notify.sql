-- Credentials are cached per instance (lib/api/credential-cache.ts). Any change to a column a
-- credential lookup reads notifies csp_credentials in the changing transaction, delivered on
-- commit; every instance then empties its cache. Statement triggers: one notification per
-- statement, folded into one per transaction.
CREATE FUNCTION "csp_credentials_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('csp_credentials', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_credentials_notify"
AFTER UPDATE OF "id", "org_id", "partner_id", "enabled", "secret_hash", "customers_read", "customers_write", "transactions_read", "transactions_write", "deleted_at" OR DELETE OR TRUNCATE
ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();--> statement-breakpoint
CREATE TRIGGER "users_credentials_notify"
AFTER UPDATE OF "id", "org_id", "email", "role", "disabled" OR DELETE OR TRUNCATE
ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();--> statement-breakpoint
CREATE TRIGGER "organizations_credentials_notify"
AFTER UPDATE OF "id", "status" OR DELETE OR TRUNCATE
ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();--> statement-breakpoint
CREATE TRIGGER "namespaces_credentials_notify"
AFTER UPDATE OF "id", "org_id", "name", "domain", "environment", "enabled", "is_system", "payment_ttl_seconds", "review_threshold" OR DELETE OR TRUNCATE
ON "namespaces" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();
