CREATE TABLE "sign_in_addresses" (
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_addresses_last_idx" ON "sign_in_addresses" USING btree ("last_signed_in_at");--> statement-breakpoint
-- The IPv4 addresses of the sessions still kept (an IPv6 address counts by its /64, which the
-- next sign-in from it records).
INSERT INTO "sign_in_addresses" ("user_id", "address", "last_signed_in_at")
SELECT "user_id", "ip", max("created_at") FROM "user_sessions"
WHERE "ip" IS NOT NULL AND "ip" ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$'
GROUP BY "user_id", "ip"
ON CONFLICT DO NOTHING;
