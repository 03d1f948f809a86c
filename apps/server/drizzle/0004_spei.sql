CREATE SEQUENCE "public"."spei_sandbox_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."spei_tracking_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "jobs" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_kind" text NOT NULL,
	"t_payload" jsonb NOT NULL,
	"d_run_at" timestamp with time zone NOT NULL,
	"v_status" text DEFAULT 'pending' NOT NULL,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"v_last_error" text,
	"v_unique_key" text,
	"d_done_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK (v_status IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "spei_config_business" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"n_commission_spei_in_bp" integer NOT NULL,
	"b_enable_spei_out" boolean NOT NULL,
	"b_use_custom_spei_out_config" boolean NOT NULL,
	"n_commission_spei_out_cents" bigint NOT NULL,
	"n_commission_deposit_cardholder_cents" bigint NOT NULL,
	CONSTRAINT "spei_config_business_values" CHECK (n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_deposit_cardholder_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "spei_config_cardholder" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_cardholder_identifier" text NOT NULL,
	"b_enable_spei_out" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spei_config_global" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"n_commission_spei_in_bp" integer NOT NULL,
	"b_enable_spei_out" boolean NOT NULL,
	"n_commission_spei_out_cents" bigint NOT NULL,
	"n_commission_deposit_cardholder_cents" bigint NOT NULL,
	CONSTRAINT "spei_config_global_values" CHECK (n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_deposit_cardholder_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_limits" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"i_scope_type" integer NOT NULL,
	"v_cardholder_identifier" text DEFAULT '' NOT NULL,
	"v_card_type" text DEFAULT '' NOT NULL,
	"n_limit_per_transaction_cents" bigint,
	"n_daily_limit_cents" bigint,
	"n_monthly_limit_cents" bigint,
	"b_enabled" boolean NOT NULL,
	CONSTRAINT "transaction_limits_scope" CHECK ((i_scope_type = 0 AND v_cardholder_identifier = '') OR (i_scope_type = 1 AND v_cardholder_identifier <> '')),
	CONSTRAINT "transaction_limits_positive" CHECK (coalesce(n_limit_per_transaction_cents, 1) > 0 AND coalesce(n_daily_limit_cents, 1) > 0 AND coalesce(n_monthly_limit_cents, 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "business_movements" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_type" text NOT NULL,
	"i_status" integer NOT NULL,
	"i_previous_status" integer,
	"v_changed_by_email" text,
	"n_amount_cents" bigint NOT NULL,
	"n_commission_cents" bigint NOT NULL,
	"n_iva_cents" bigint NOT NULL,
	"n_total_cents" bigint NOT NULL,
	"v_source_clabe" text,
	"v_source_bank_code" text,
	"v_source_name" text,
	"v_beneficiary_clabe" text,
	"v_beneficiary_bank_code" text,
	"v_beneficiary_name" text,
	"v_beneficiary_rfc" text,
	"v_uid_clabe_account" uuid,
	"v_alias" text,
	"v_concept" text,
	"v_reference" text,
	"v_tracking_key" text,
	"d_operation_date" date NOT NULL,
	"v_rail" text,
	"v_rail_id" text,
	"v_error_detail" text,
	"v_return_tracking_key" text,
	"d_scheduled_at" timestamp with time zone,
	"d_payment_day" date,
	"d_sent_at" timestamp with time zone,
	"d_settled_at" timestamp with time zone,
	"d_returned_at" timestamp with time zone,
	"d_cancelled_at" timestamp with time zone,
	"v_uid_transaction" uuid,
	"v_uid_dispersion" uuid,
	"v_uid_user" uuid,
	"v_idempotency_key" text,
	CONSTRAINT "business_movements_type" CHECK (v_type IN ('SPEI_OUT', 'SPEI_IN', 'DEPOSIT')),
	CONSTRAINT "business_movements_status" CHECK (i_status BETWEEN 0 AND 6),
	CONSTRAINT "business_movements_amounts" CHECK (n_amount_cents > 0 AND n_commission_cents >= 0 AND n_iva_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "clabe_accounts" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_alias" text NOT NULL,
	"v_account_holder_name" text NOT NULL,
	"v_clabe" text NOT NULL,
	"v_bank_code" text NOT NULL,
	"v_bank_name" text NOT NULL,
	"v_rfc" text,
	"b_internal_business" boolean DEFAULT false NOT NULL,
	"b_admin" boolean DEFAULT false NOT NULL,
	"v_usage_scope" text DEFAULT 'ALL' NOT NULL,
	"n_daily_transfer_limit_cents" bigint,
	"i_account_type" integer DEFAULT 40 NOT NULL,
	"b_active" boolean DEFAULT true NOT NULL,
	"v_uid_user" uuid,
	CONSTRAINT "clabe_accounts_scope" CHECK (v_usage_scope IN ('ALL', 'TRANSFER', 'DISPERSION')),
	CONSTRAINT "clabe_accounts_limit" CHECK (coalesce(n_daily_transfer_limit_cents, 1) > 0)
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("v_status","d_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("v_unique_key");--> statement-breakpoint
CREATE UNIQUE INDEX "spei_config_business_key" ON "spei_config_business" USING btree ("v_uid_business");--> statement-breakpoint
CREATE UNIQUE INDEX "spei_config_cardholder_key" ON "spei_config_cardholder" USING btree ("v_cardholder_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_limits_key" ON "transaction_limits" USING btree ("i_scope_type","v_cardholder_identifier","v_card_type");--> statement-breakpoint
CREATE INDEX "business_movements_business_idx" ON "business_movements" USING btree ("v_uid_business","d_create_at");--> statement-breakpoint
CREATE INDEX "business_movements_business_type_idx" ON "business_movements" USING btree ("v_uid_business","v_type","i_status");--> statement-breakpoint
CREATE INDEX "business_movements_open_idx" ON "business_movements" USING btree ("i_status") WHERE "business_movements"."i_status" IN (0, 1);--> statement-breakpoint
CREATE INDEX "business_movements_created_idx" ON "business_movements" USING btree ("d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_movements_out_tracking_key" ON "business_movements" USING btree ("v_tracking_key","d_operation_date") WHERE "business_movements"."v_type" = 'SPEI_OUT';--> statement-breakpoint
CREATE UNIQUE INDEX "business_movements_in_tracking_key" ON "business_movements" USING btree ("v_tracking_key","d_operation_date","v_source_bank_code") WHERE "business_movements"."v_type" = 'SPEI_IN';--> statement-breakpoint
CREATE UNIQUE INDEX "business_movements_idempotency_key" ON "business_movements" USING btree ("v_uid_user","v_idempotency_key") WHERE "business_movements"."v_idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clabe_accounts_business_idx" ON "clabe_accounts" USING btree ("v_uid_business","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clabe_accounts_business_clabe_key" ON "clabe_accounts" USING btree ("v_uid_business","v_clabe") WHERE "clabe_accounts"."b_active";