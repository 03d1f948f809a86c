CREATE SEQUENCE "public"."business_account_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid,
	"v_uid_business" uuid,
	"v_client" text NOT NULL,
	"v_names" text NOT NULL,
	"d_birthdate_at" date NOT NULL,
	"v_phone" text NOT NULL,
	"v_email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_name" text NOT NULL,
	"t_description" text,
	"i_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_documents" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_name" text NOT NULL,
	"v_file_pdf" uuid NOT NULL,
	"v_file_name" text NOT NULL,
	"i_size" integer NOT NULL,
	"v_uid_status" uuid NOT NULL,
	"t_comment" text,
	"v_uid_reviewer" uuid,
	"d_review_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_uid_type_person" uuid NOT NULL,
	"v_company_name" text,
	"v_names" text,
	"v_last_name_1" text,
	"v_last_name_2" text,
	"v_rfc" text NOT NULL,
	"v_curp" text,
	"v_email" text NOT NULL,
	"v_cell_phone" text,
	"v_phone_code" text DEFAULT '+52' NOT NULL,
	"v_street" text NOT NULL,
	"v_number_outside" text NOT NULL,
	"v_number_indoor" text,
	"v_zip_code" text NOT NULL,
	"v_uid_colony" uuid NOT NULL,
	"v_colony" text NOT NULL,
	"v_municipality" text NOT NULL,
	"v_city" text,
	"v_state" text NOT NULL,
	"v_account_number" text NOT NULL,
	"v_customer_id" text,
	"v_uid_status" uuid NOT NULL,
	"d_activation_at" timestamp with time zone,
	"d_deactivated_at" timestamp with time zone,
	"d_look_at" timestamp with time zone,
	"d_unblocked_at" timestamp with time zone,
	"d_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legal_representatives" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_names" text NOT NULL,
	"v_last_name_1" text NOT NULL,
	"v_last_name_2" text,
	"v_email" text NOT NULL,
	"v_email_alternative" text,
	CONSTRAINT "legal_representatives_v_uid_business_unique" UNIQUE("v_uid_business")
);
--> statement-breakpoint
CREATE TABLE "postal_codes" (
	"v_code" text PRIMARY KEY NOT NULL,
	"v_municipality" text NOT NULL,
	"v_city" text,
	"v_state" text NOT NULL,
	"v_state_code" text,
	"v_municipality_code" text,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_colonies" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_code" text NOT NULL,
	"v_name" text NOT NULL,
	"v_settlement_type" text NOT NULL,
	"v_zone" text,
	"i_asenta" integer,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_code_imports" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_file_uid" uuid,
	"v_file_name" text NOT NULL,
	"v_uid_user" uuid,
	"v_status" text NOT NULL,
	"i_processed" integer DEFAULT 0 NOT NULL,
	"i_total" integer NOT NULL,
	"t_error" text,
	"d_started_at" timestamp with time zone,
	"d_finished_at" timestamp with time zone,
	"d_heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_name" text NOT NULL,
	"i_active" boolean DEFAULT true NOT NULL,
	"b_system" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_uid_area" uuid NOT NULL,
	"v_number_employ" text,
	"v_position" text NOT NULL,
	"d_admission_at" date
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_street" text NOT NULL,
	"v_number_outside" text NOT NULL,
	"v_number_indoor" text,
	"v_zip_code" text NOT NULL,
	"v_uid_colony" uuid NOT NULL,
	"v_colony" text NOT NULL,
	"v_municipallity" text NOT NULL,
	"v_city" text,
	"v_state" text NOT NULL,
	CONSTRAINT "addresses_v_uid_user_unique" UNIQUE("v_uid_user")
);
--> statement-breakpoint
CREATE TABLE "strategic_allies" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user_wallet" uuid NOT NULL,
	"v_uid_user_business" uuid NOT NULL,
	"v_names" text NOT NULL,
	"v_rfc" text,
	"v_client" text NOT NULL,
	"d_application_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_binding_at" timestamp with time zone,
	"v_uid_status" uuid NOT NULL,
	"t_comment" text,
	"v_uid_reviewer" uuid
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "d_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "v_phone_code_landline" text DEFAULT '+52' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_v_uid_business_businesses_v_uid_fk" FOREIGN KEY ("v_uid_business") REFERENCES "public"."businesses"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_v_uid_business_businesses_v_uid_fk" FOREIGN KEY ("v_uid_business") REFERENCES "public"."businesses"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_representatives" ADD CONSTRAINT "legal_representatives_v_uid_business_businesses_v_uid_fk" FOREIGN KEY ("v_uid_business") REFERENCES "public"."businesses"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postal_colonies" ADD CONSTRAINT "postal_colonies_v_code_postal_codes_v_code_fk" FOREIGN KEY ("v_code") REFERENCES "public"."postal_codes"("v_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_v_uid_area_departments_v_uid_fk" FOREIGN KEY ("v_uid_area") REFERENCES "public"."departments"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiaries_user_idx" ON "beneficiaries" USING btree ("v_uid_user");--> statement-breakpoint
CREATE INDEX "beneficiaries_business_idx" ON "beneficiaries" USING btree ("v_uid_business");--> statement-breakpoint
CREATE UNIQUE INDEX "account_groups_name_key" ON "account_groups" USING btree ("v_uid_business",lower("v_name"));--> statement-breakpoint
CREATE INDEX "business_documents_business_idx" ON "business_documents" USING btree ("v_uid_business");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_client_key" ON "businesses" USING btree ("v_client");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_account_key" ON "businesses" USING btree ("v_account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_customer_key" ON "businesses" USING btree ("v_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_rfc_key" ON "businesses" USING btree ("v_rfc") WHERE "businesses"."d_deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "businesses_status_idx" ON "businesses" USING btree ("v_uid_status");--> statement-breakpoint
CREATE UNIQUE INDEX "postal_colonies_key" ON "postal_colonies" USING btree ("v_code","v_name","v_settlement_type");--> statement-breakpoint
CREATE INDEX "postal_code_imports_created_idx" ON "postal_code_imports" USING btree ("d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_key" ON "departments" USING btree (lower("v_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_key" ON "employees" USING btree ("v_uid_user");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_number_key" ON "employees" USING btree ("v_number_employ");--> statement-breakpoint
CREATE UNIQUE INDEX "strategic_allies_open_key" ON "strategic_allies" USING btree ("v_uid_user_wallet","v_uid_user_business") WHERE "strategic_allies"."v_uid_status" IN ('5d0e1f40-0000-4000-8000-000000000008'::uuid, '5d0e1f40-0000-4000-8000-000000000001'::uuid);--> statement-breakpoint
CREATE INDEX "strategic_allies_client_idx" ON "strategic_allies" USING btree ("v_client");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("v_email")) WHERE "users"."d_deleted_at" IS NULL;