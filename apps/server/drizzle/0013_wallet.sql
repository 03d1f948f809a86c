CREATE SEQUENCE "public"."wallet_clabe_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "budget_movements" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_budget" uuid NOT NULL,
	"v_type" text NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"v_reason" text,
	"v_uid_transaction" uuid NOT NULL,
	"v_uid_user" uuid,
	CONSTRAINT "budget_movements_type" CHECK (v_type IN ('add', 'minus')),
	CONSTRAINT "budget_movements_amount" CHECK (n_amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_name" text NOT NULL,
	"n_goal_amount_cents" bigint NOT NULL,
	"d_target_date" date,
	"i_active" boolean DEFAULT true NOT NULL,
	"v_uid_account" uuid NOT NULL,
	"d_goal_met_at" timestamp with time zone,
	CONSTRAINT "budgets_goal_positive" CHECK (n_goal_amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_clabe" text NOT NULL,
	"v_confirm_with" text DEFAULT 'code' NOT NULL,
	"n_daily_limit_cents" bigint,
	"n_pending_limit_cents" bigint,
	"d_pending_limit_at" timestamp with time zone,
	CONSTRAINT "wallet_accounts_confirm" CHECK (v_confirm_with IN ('code', 'pin')),
	CONSTRAINT "wallet_accounts_limits" CHECK (coalesce(n_daily_limit_cents, 1) > 0 AND coalesce(n_pending_limit_cents, 1) > 0 AND (n_pending_limit_cents IS NULL) = (d_pending_limit_at IS NULL))
);
--> statement-breakpoint
CREATE TABLE "wallet_saved_accounts" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_alias" text NOT NULL,
	"v_holder_name" text NOT NULL,
	"v_clabe" text NOT NULL,
	"v_bank_code" text NOT NULL,
	"v_bank_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"n_udi_micros" bigint NOT NULL,
	"i_limit_wait_hours" integer NOT NULL,
	"n_commission_spei_in_bp" integer NOT NULL,
	"b_enable_spei_out" boolean NOT NULL,
	"n_commission_spei_out_cents" bigint NOT NULL,
	"n_commission_transfer_cents" bigint NOT NULL,
	CONSTRAINT "wallet_settings_values" CHECK (n_udi_micros > 0 AND i_limit_wait_hours >= 0 AND n_commission_spei_in_bp BETWEEN 0 AND 10000 AND n_commission_spei_out_cents >= 0 AND n_commission_transfer_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "business_movements" DROP CONSTRAINT "business_movements_type";--> statement-breakpoint
CREATE INDEX "budget_movements_budget_idx" ON "budget_movements" USING btree ("v_uid_budget","d_create_at");--> statement-breakpoint
CREATE INDEX "budgets_user_idx" ON "budgets" USING btree ("v_uid_user","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_user_key" ON "wallet_accounts" USING btree ("v_uid_user");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_client_key" ON "wallet_accounts" USING btree ("v_client");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_clabe_key" ON "wallet_accounts" USING btree ("v_clabe");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_saved_accounts_key" ON "wallet_saved_accounts" USING btree ("v_uid_user","v_clabe");--> statement-breakpoint
ALTER TABLE "business_movements" ADD CONSTRAINT "business_movements_type" CHECK (v_type IN ('SPEI_OUT', 'SPEI_IN', 'DEPOSIT', 'WALLET_OUT', 'WALLET_IN'));