CREATE TABLE "audit_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"org_id" text,
	"partner_id" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"changes" jsonb,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "audit_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "audit_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"pos" bigint NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_links" (
	"chain" text NOT NULL,
	"pos" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_links_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "audit_queue" (
	"seq" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD COLUMN "audit_heads" jsonb;--> statement-breakpoint
CREATE INDEX "audit_events_org_idx" ON "audit_events" USING btree ("org_id","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_org_action_idx" ON "audit_events" USING btree ("org_id","action","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_org_actor_idx" ON "audit_events" USING btree ("org_id","actor_label","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_org_target_idx" ON "audit_events" USING btree ("org_id","target_id","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("occurred_at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_links_chain_pos_idx" ON "audit_links" USING btree ("chain","pos");--> statement-breakpoint
-- Append-only (docs/audit.md): no role, the tables' owner included, updates, deletes or truncates
-- an entry or a link while these triggers stand; dropping or disabling them takes the owner's
-- ALTER TABLE, which the application's role should not hold in production.
CREATE FUNCTION "csp_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
FOR EACH ROW EXECUTE FUNCTION "csp_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
FOR EACH STATEMENT EXECUTE FUNCTION "csp_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_links_append_only" BEFORE UPDATE OR DELETE ON "audit_links"
FOR EACH ROW EXECUTE FUNCTION "csp_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_links_no_truncate" BEFORE TRUNCATE ON "audit_links"
FOR EACH STATEMENT EXECUTE FUNCTION "csp_audit_append_only"();--> statement-breakpoint
-- Each entry is queued for chaining in the transaction that writes it, whatever wrote it.
CREATE FUNCTION "csp_audit_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_queue (seq) SELECT seq FROM inserted;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_enqueue" AFTER INSERT ON "audit_events"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "csp_audit_enqueue"();
