CREATE TABLE "cms_content_types" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_name" text NOT NULL,
	"v_system_name" text,
	"t_json" jsonb NOT NULL,
	"v_uid_section" uuid NOT NULL,
	CONSTRAINT "cms_content_types_v_system_name_unique" UNIQUE("v_system_name")
);
--> statement-breakpoint
CREATE TABLE "cms_content_versions" (
	"v_uid_content" uuid NOT NULL,
	"i_version" integer NOT NULL,
	"v_name" text NOT NULL,
	"t_json" jsonb NOT NULL,
	"v_uid_status" uuid NOT NULL,
	"v_uid_author" uuid,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_content_versions_v_uid_content_i_version_pk" PRIMARY KEY("v_uid_content","i_version")
);
--> statement-breakpoint
CREATE TABLE "cms_contents" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_section" uuid NOT NULL,
	"v_uid_content_type" uuid NOT NULL,
	"v_name" text NOT NULL,
	"v_system_name" text NOT NULL,
	"t_json" jsonb NOT NULL,
	"v_uid_status" uuid NOT NULL,
	"i_order" integer DEFAULT 0 NOT NULL,
	"b_locked" boolean DEFAULT false NOT NULL,
	"b_hidden" boolean DEFAULT false NOT NULL,
	"v_uid_parent" uuid,
	"v_uid_author" uuid,
	"i_version" integer DEFAULT 1 NOT NULL,
	"d_published_at" timestamp with time zone,
	"d_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cms_files" (
	"v_uid_file" uuid PRIMARY KEY NOT NULL,
	"v_uid_author" uuid,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_legal_acceptances" (
	"v_uid_user" uuid NOT NULL,
	"v_uid_content" uuid NOT NULL,
	"i_version" integer NOT NULL,
	"d_accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_ip" text,
	CONSTRAINT "cms_legal_acceptances_v_uid_user_v_uid_content_i_version_pk" PRIMARY KEY("v_uid_user","v_uid_content","i_version")
);
--> statement-breakpoint
ALTER TABLE "cms_content_versions" ADD CONSTRAINT "cms_content_versions_v_uid_content_cms_contents_v_uid_fk" FOREIGN KEY ("v_uid_content") REFERENCES "public"."cms_contents"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_contents" ADD CONSTRAINT "cms_contents_v_uid_content_type_cms_content_types_v_uid_fk" FOREIGN KEY ("v_uid_content_type") REFERENCES "public"."cms_content_types"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_contents" ADD CONSTRAINT "cms_contents_v_uid_parent_cms_contents_v_uid_fk" FOREIGN KEY ("v_uid_parent") REFERENCES "public"."cms_contents"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_legal_acceptances" ADD CONSTRAINT "cms_legal_acceptances_v_uid_content_cms_contents_v_uid_fk" FOREIGN KEY ("v_uid_content") REFERENCES "public"."cms_contents"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_contents_reader_idx" ON "cms_contents" USING btree ("v_uid_section","v_uid_status","i_order");