CREATE TABLE "api_keys" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_name" text NOT NULL,
	"v_scopes" jsonb NOT NULL,
	"v_prefix" text NOT NULL,
	"v_hash" text NOT NULL,
	"v_previous_prefix" text,
	"v_previous_hash" text,
	"d_previous_until" timestamp with time zone,
	"v_uid_creator" uuid NOT NULL,
	"v_creator_name" text NOT NULL,
	"d_last_used_at" timestamp with time zone,
	"d_expires_at" timestamp with time zone NOT NULL,
	"d_revoked_at" timestamp with time zone
);
--> statement-breakpoint
-- Tickets live 60 s; those issued before this change are bound to no session and cannot be kept.
DELETE FROM "notification_stream_tickets";--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD COLUMN "v_uid_session" uuid NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix" ON "api_keys" USING btree ("v_prefix");--> statement-breakpoint
CREATE INDEX "api_keys_previous_prefix" ON "api_keys" USING btree ("v_previous_prefix");--> statement-breakpoint
CREATE INDEX "api_keys_client_idx" ON "api_keys" USING btree ("v_client");