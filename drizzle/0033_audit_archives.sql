CREATE TABLE "audit_archives" (
	"chain" text NOT NULL,
	"from_pos" bigint NOT NULL,
	"through_pos" bigint NOT NULL,
	"through_hash" text NOT NULL,
	"last_occurred_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_archives_chain_pos_idx" ON "audit_archives" USING btree ("chain","through_pos");--> statement-breakpoint
-- Append-only as the trail itself (docs/audit.md, "Archiving").
CREATE TRIGGER "audit_archives_append_only" BEFORE UPDATE OR DELETE ON "audit_archives"
FOR EACH ROW EXECUTE FUNCTION "csp_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_archives_no_truncate" BEFORE TRUNCATE ON "audit_archives"
FOR EACH STATEMENT EXECUTE FUNCTION "csp_audit_append_only"();
--> statement-breakpoint
-- The one delete the trail allows: an archive (lib/services/audit/archive.ts) removing the part of
-- a chain it has written to its file, and recorded in audit_archives, in the same transaction. It
-- sets csp.audit_archive for that transaction and must run as the tables' owner — a role that can
-- disable these triggers anyway; the application's role in production (docs/audit.md) cannot.
CREATE OR REPLACE FUNCTION "csp_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME IN ('audit_events', 'audit_links')
     AND current_setting('csp.audit_archive', true) = 'on'
     AND pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit trail is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
