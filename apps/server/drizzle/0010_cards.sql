CREATE TABLE "card_activation_items" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_reference_batch" text NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"i_row" integer NOT NULL,
	"v_cardholder_identifier" text NOT NULL,
	"v_card_identifier" text NOT NULL,
	"i_user_type" integer DEFAULT 1 NOT NULL,
	"v_customer_id" text,
	"v_status" text NOT NULL,
	"v_error_message" text
);
--> statement-breakpoint
CREATE TABLE "card_authorizations" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_card" uuid NOT NULL,
	"v_merchant" text NOT NULL,
	"i_mcc" integer NOT NULL,
	"v_channel" text NOT NULL,
	"v_country" text NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"n_refunded_cents" bigint DEFAULT 0 NOT NULL,
	"v_status" text NOT NULL,
	"v_decline_reason" text
);
--> statement-breakpoint
CREATE TABLE "card_batch_errors" (
	"v_reference_batch" text NOT NULL,
	"i_row" integer NOT NULL,
	"v_reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_batches" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_reference_batch" text NOT NULL,
	"v_email" text NOT NULL,
	"v_path_storage" text NOT NULL,
	"v_source" text NOT NULL,
	"t_content" text,
	"i_total" integer NOT NULL,
	"i_created" integer DEFAULT 0 NOT NULL,
	"i_failed" integer DEFAULT 0 NOT NULL,
	"i_done" integer DEFAULT 0 NOT NULL,
	"v_status" text DEFAULT 'INPROGRESS' NOT NULL,
	"v_uid_user" uuid
);
--> statement-breakpoint
CREATE TABLE "card_movements" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_card" uuid NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_kind" text NOT NULL,
	"v_description" text NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"n_commission_cents" bigint DEFAULT 0 NOT NULL,
	"n_iva_cents" bigint DEFAULT 0 NOT NULL,
	"v_status" text NOT NULL,
	"v_uid_authorization" uuid,
	"v_uid_transaction" uuid
);
--> statement-breakpoint
CREATE TABLE "card_stock_settings" (
	"i_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"v_bin" text DEFAULT '537800' NOT NULL,
	"i_low_stock_threshold" integer DEFAULT 100 NOT NULL,
	"b_low_alert_sent" boolean DEFAULT false NOT NULL,
	"n_next_serial" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cardholders" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_identifier" text NOT NULL,
	"v_names" text NOT NULL,
	"v_last_name_1" text NOT NULL,
	"v_last_name_2" text,
	"v_email" text NOT NULL,
	"v_phone_code" text DEFAULT '+52' NOT NULL,
	"v_cell_phone" text,
	"b_mobile_linked" boolean DEFAULT true NOT NULL,
	"v_curp" text,
	"v_rfc" text,
	"d_birth_date" date,
	"b_locked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_card_identifier" text NOT NULL,
	"v_pan_hash" text NOT NULL,
	"v_tail_hash" text NOT NULL,
	"v_pan_first6" text NOT NULL,
	"v_pan_last4" text NOT NULL,
	"t_pan_enc" text NOT NULL,
	"t_cvv_enc" text NOT NULL,
	"t_pin_enc" text NOT NULL,
	"v_valid_date" text NOT NULL,
	"v_card_type" text DEFAULT 'prepago' NOT NULL,
	"i_status" integer DEFAULT 1 NOT NULL,
	"b_blocked" boolean DEFAULT false NOT NULL,
	"b_turned_off" boolean DEFAULT false NOT NULL,
	"i_user_type" integer DEFAULT 1 NOT NULL,
	"v_reference_batch" text NOT NULL,
	"i_batch_row" integer NOT NULL,
	"v_uid_business" uuid,
	"v_uid_cardholder" uuid,
	"v_customer_id" text,
	"v_uid_account" uuid,
	"t_controls" jsonb,
	"v_replaced_by" text,
	"v_replacement_of" text,
	"d_activated_at" timestamp with time zone,
	"d_cancelled_at" timestamp with time zone,
	CONSTRAINT "cards_status_known" CHECK (i_status BETWEEN 1 AND 4),
	CONSTRAINT "cards_assigned_has_owner" CHECK (i_status = 1 OR (v_uid_business IS NOT NULL AND v_uid_cardholder IS NOT NULL) OR i_status = 4)
);
--> statement-breakpoint
CREATE INDEX "card_activation_items_business_idx" ON "card_activation_items" USING btree ("v_uid_business","d_create_at","v_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "card_activation_items_row_key" ON "card_activation_items" USING btree ("v_reference_batch","i_row");--> statement-breakpoint
CREATE INDEX "card_authorizations_card_idx" ON "card_authorizations" USING btree ("v_uid_card","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_batch_errors_key" ON "card_batch_errors" USING btree ("v_reference_batch","i_row");--> statement-breakpoint
CREATE UNIQUE INDEX "card_batches_reference_key" ON "card_batches" USING btree ("v_reference_batch");--> statement-breakpoint
CREATE INDEX "card_batches_created_idx" ON "card_batches" USING btree ("d_create_at","v_reference_batch");--> statement-breakpoint
CREATE INDEX "card_movements_card_idx" ON "card_movements" USING btree ("v_uid_card","d_create_at");--> statement-breakpoint
CREATE INDEX "card_movements_business_idx" ON "card_movements" USING btree ("v_uid_business","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholders_identifier_key" ON "cardholders" USING btree ("v_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "cardholders_business_email_key" ON "cardholders" USING btree ("v_uid_business","v_email");--> statement-breakpoint
CREATE INDEX "cardholders_business_idx" ON "cardholders" USING btree ("v_uid_business","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_identifier_key" ON "cards" USING btree ("v_card_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_pan_hash_key" ON "cards" USING btree ("v_pan_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_batch_row_key" ON "cards" USING btree ("v_reference_batch","i_batch_row");--> statement-breakpoint
CREATE INDEX "cards_tail_hash_idx" ON "cards" USING btree ("v_tail_hash");--> statement-breakpoint
CREATE INDEX "cards_business_idx" ON "cards" USING btree ("v_uid_business","v_card_identifier");--> statement-breakpoint
CREATE INDEX "cards_status_idx" ON "cards" USING btree ("i_status","v_uid_business");--> statement-breakpoint
CREATE INDEX "cards_cardholder_idx" ON "cards" USING btree ("v_uid_cardholder");