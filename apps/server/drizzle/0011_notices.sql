CREATE TABLE "announcements" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_audience" text NOT NULL,
	"v_uid_business" uuid,
	"v_title" text NOT NULL,
	"t_text" text NOT NULL,
	"i_recipients" integer NOT NULL,
	"v_uid_author" uuid
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"v_uid_user" uuid NOT NULL,
	"v_kind" text NOT NULL,
	"b_email" boolean NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_v_uid_user_v_kind_pk" PRIMARY KEY("v_uid_user","v_kind")
);
--> statement-breakpoint
CREATE TABLE "notification_stream_tickets" (
	"v_hash" text PRIMARY KEY NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"d_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_delivery" uuid NOT NULL,
	"i_attempt" integer NOT NULL,
	"i_code" integer,
	"v_error" text,
	"i_duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_event" uuid NOT NULL,
	"v_uid_endpoint" uuid NOT NULL,
	"v_status" text DEFAULT 'pendiente' NOT NULL,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"i_last_code" integer,
	"v_last_error" text,
	"d_last_attempt_at" timestamp with time zone,
	"d_delivered_at" timestamp with time zone,
	"d_next_attempt_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status" CHECK (v_status IN ('pendiente', 'entregado', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_url" text NOT NULL,
	"v_kinds" jsonb NOT NULL,
	"v_description" text,
	"v_secret" text NOT NULL,
	"b_active" boolean DEFAULT true NOT NULL,
	"b_allow_loopback" boolean DEFAULT false NOT NULL,
	"d_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_kind" text NOT NULL,
	"v_event_key" text NOT NULL,
	"t_data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "t_html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "d_next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_once" ON "webhook_attempts" USING btree ("v_uid_delivery","i_attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("v_uid_endpoint","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once" ON "webhook_deliveries" USING btree ("v_uid_event","v_uid_endpoint");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_client_idx" ON "webhook_endpoints" USING btree ("v_client");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_once" ON "webhook_events" USING btree ("v_client","v_kind","v_event_key");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("v_uid_user","i_status");