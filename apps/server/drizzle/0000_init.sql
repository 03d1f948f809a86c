CREATE SEQUENCE "public"."client_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "log_user" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid,
	"v_client" text,
	"v_activity" text NOT NULL,
	"v_section" text NOT NULL,
	"v_action" text NOT NULL,
	"v_uid_user_parent" uuid,
	"t_detail" jsonb,
	"v_ip" text
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_type_incident" uuid,
	"v_type" text NOT NULL,
	"v_message" text NOT NULL,
	"t_detail" text,
	"v_client" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_name" text NOT NULL,
	"v_media_type" text NOT NULL,
	"i_size" integer NOT NULL,
	"v_sha256" text NOT NULL,
	"v_uid_owner" uuid,
	"v_client" text,
	"b_content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_channel" text NOT NULL,
	"v_to" text NOT NULL,
	"v_subject" text NOT NULL,
	"t_body" text NOT NULL,
	"v_uid_user" uuid,
	"d_sent_at" timestamp with time zone,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"v_last_error" text
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"i_seq" serial NOT NULL,
	"v_uid_children" uuid,
	"v_name" text NOT NULL,
	"v_url" text NOT NULL,
	"v_client_prefix" text[] NOT NULL,
	"v_permissions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"v_icon" text DEFAULT 'circle' NOT NULL,
	"i_order" integer NOT NULL,
	"i_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_name" text NOT NULL,
	"i_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "permissions_v_name_unique" UNIQUE("v_name")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_role" uuid NOT NULL,
	"t_json" jsonb NOT NULL,
	CONSTRAINT "role_permissions_v_uid_role_unique" UNIQUE("v_uid_role")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_name" text NOT NULL,
	"v_client_prefix" text NOT NULL,
	"i_active" boolean DEFAULT true NOT NULL,
	"b_system" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_v_name_unique" UNIQUE("v_name")
);
--> statement-breakpoint
CREATE TABLE "security_codes" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_operation" text NOT NULL,
	"v_code_hash" text NOT NULL,
	"d_expires_at" timestamp with time zone NOT NULL,
	"i_attempts_left" integer NOT NULL,
	"d_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_refresh_hash" text NOT NULL,
	"v_previous_hash" text,
	"d_expires_at" timestamp with time zone NOT NULL,
	"d_revoked_at" timestamp with time zone,
	"v_ip" text,
	"v_user_agent" text
);
--> statement-breakpoint
CREATE TABLE "unknown_signins" (
	"v_email_hash" text PRIMARY KEY NOT NULL,
	"i_attemps" integer NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_uid_role" uuid NOT NULL,
	"i_attemps" integer DEFAULT 5 NOT NULL,
	"d_activation_at" timestamp with time zone,
	"d_look_at" timestamp with time zone,
	"d_unblocked_at" timestamp with time zone,
	"d_deactivated_at" timestamp with time zone,
	"d_terms_accepted_at" timestamp with time zone,
	"d_email_verified_at" timestamp with time zone,
	"d_phone_verified_at" timestamp with time zone,
	"v_uid_status" uuid NOT NULL,
	"v_names" text NOT NULL,
	"v_last_name_1" text,
	"v_last_name_2" text,
	"v_curp" text,
	"v_cell_phone" text,
	"v_phone_code" text DEFAULT '+52' NOT NULL,
	"v_email" text NOT NULL,
	"v_image" uuid,
	"v_phone" text,
	"d_birthdate_at" date,
	"v_email_alternative" text,
	"v_rfc" text,
	"v_ocuppation" text,
	"v_uid_type_person" uuid,
	"v_password_hash" text,
	"b_must_change_password" boolean DEFAULT false NOT NULL,
	"v_pin_hash" text,
	"i_pin_attempts" integer DEFAULT 3 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_v_uid_role_roles_v_uid_fk" FOREIGN KEY ("v_uid_role") REFERENCES "public"."roles"("v_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_user_created_idx" ON "log_user" USING btree ("d_create_at");--> statement-breakpoint
CREATE INDEX "log_user_client_idx" ON "log_user" USING btree ("v_client");--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("d_create_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("d_sent_at","d_create_at");--> statement-breakpoint
CREATE INDEX "security_codes_user_op_idx" ON "security_codes" USING btree ("v_uid_user","v_operation");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("v_uid_user");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("v_email"));--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("v_client");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("v_uid_status");