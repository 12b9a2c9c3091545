CREATE TABLE "user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_sessions_expires_idx" ON "user_sessions" USING btree ("expires_at");--> statement-breakpoint
-- A revoked session is refused by every instance from the moment the change commits: the
-- credential caches hear of it as of the other credential tables (0007). Deletes need no notice:
-- a user's sessions go with the user (whose own trigger notifies), expired ones with the purge.
CREATE TRIGGER "user_sessions_credentials_notify"
AFTER UPDATE OF "revoked_at" OR TRUNCATE
ON "user_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "csp_credentials_notify"();
