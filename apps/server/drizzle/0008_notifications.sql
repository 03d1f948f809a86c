CREATE TABLE "notifications" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_kind" text NOT NULL,
	"v_title" text NOT NULL,
	"t_body" text NOT NULL,
	"v_link" text,
	"i_status" integer DEFAULT 1 NOT NULL,
	"d_read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("v_uid_user","d_create_at");