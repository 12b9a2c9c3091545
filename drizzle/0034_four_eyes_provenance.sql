ALTER TABLE "users" ADD COLUMN "credentials_issued_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credentials_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rotated_by" text;--> statement-breakpoint
-- Who issued what, as far as the audit trail tells: the person who created or last rotated a
-- key, and who last invited or reset a user (accepted when no invitation waits any more).
UPDATE "api_keys" SET "created_by" = (
  SELECT 'usr:' || "a"."actor_id" FROM "audit_events" "a"
  WHERE "a"."org_id" = "api_keys"."org_id" AND "a"."target_id" = "api_keys"."id" AND "a"."action" = 'api_key.created' AND "a"."actor_kind" = 'user'
  ORDER BY "a"."occurred_at" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "api_keys" SET "rotated_by" = (
  SELECT 'usr:' || "a"."actor_id" FROM "audit_events" "a"
  WHERE "a"."org_id" = "api_keys"."org_id" AND "a"."target_id" = "api_keys"."id" AND "a"."action" = 'api_key.rotated' AND "a"."actor_kind" = 'user'
  ORDER BY "a"."occurred_at" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "users" SET "credentials_issued_by" = (
  SELECT 'usr:' || "a"."actor_id" FROM "audit_events" "a"
  WHERE "a"."org_id" = "users"."org_id" AND "a"."action" IN ('user.invited', 'user.access_reset') AND "a"."target_id" = "users"."id" AND "a"."actor_kind" = 'user'
  ORDER BY "a"."occurred_at" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "users" SET "credentials_set_at" = COALESCE(
  (SELECT max("a"."occurred_at") FROM "audit_events" "a"
   WHERE "a"."org_id" = "users"."org_id" AND "a"."action" = 'user.invitation_accepted' AND "a"."target_id" = "users"."id"),
  "users"."created_at"
) WHERE "invitation_hash" IS NULL;
