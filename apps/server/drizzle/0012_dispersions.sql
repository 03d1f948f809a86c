CREATE TABLE "dispersion_approval" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"b_enabled" boolean DEFAULT false NOT NULL,
	"n_threshold_cents" bigint,
	"v_changed_by_email" text,
	CONSTRAINT "dispersion_approval_v_uid_business_unique" UNIQUE("v_uid_business")
);
--> statement-breakpoint
CREATE TABLE "dispersion_rows" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_dispersion" uuid NOT NULL,
	"i_row" integer NOT NULL,
	"v_name" text NOT NULL,
	"v_clabe" text NOT NULL,
	"v_bank_code" text NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"n_commission_cents" bigint NOT NULL,
	"n_iva_cents" bigint NOT NULL,
	"v_concept" text NOT NULL,
	"v_reference" text NOT NULL,
	"v_rfc" text,
	"v_email" text,
	"i_state" integer DEFAULT 0 NOT NULL,
	"v_uid_movement" uuid,
	"v_error" text,
	CONSTRAINT "dispersion_rows_state" CHECK (i_state IN (0, 1, 2) AND (i_state <> 1 OR v_uid_movement IS NOT NULL)),
	CONSTRAINT "dispersion_rows_amounts" CHECK (n_amount_cents > 0 AND n_commission_cents >= 0 AND n_iva_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "dispersions" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_file_name" text,
	"v_uid_file" uuid,
	"v_file_sha256" text,
	"i_file_size" integer,
	"v_file_media_type" text,
	"v_concept" text,
	"v_internal_concept" text,
	"d_payment_day" date,
	"n_total_amount_cents" bigint NOT NULL,
	"n_total_taxes_cents" bigint NOT NULL,
	"n_total_import_cents" bigint NOT NULL,
	"i_status" integer NOT NULL,
	"v_last_error" text,
	"i_rows" integer NOT NULL,
	"i_queued" integer DEFAULT 0 NOT NULL,
	"i_open" integer DEFAULT 0 NOT NULL,
	"i_settled" integer DEFAULT 0 NOT NULL,
	"i_failed" integer DEFAULT 0 NOT NULL,
	"i_hold_gen" integer DEFAULT 0 NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_created_email" text,
	"v_uid_approver" uuid,
	"v_approved_email" text,
	"v_changed_by_email" text,
	"v_idempotency_key" text,
	"v_uid_resend_of" uuid,
	"d_started_at" timestamp with time zone,
	"d_finished_at" timestamp with time zone,
	CONSTRAINT "dispersions_status" CHECK (i_status BETWEEN 0 AND 7),
	CONSTRAINT "dispersions_counts" CHECK (i_queued >= 0 AND i_open >= 0 AND i_settled >= 0 AND i_failed >= 0 AND i_queued + i_open + i_settled + i_failed <= i_rows)
);
--> statement-breakpoint
CREATE TABLE "verified_clabes" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_clabe" text NOT NULL,
	"v_holder_name" text,
	"v_holder_rfc" text,
	"v_result" text NOT NULL,
	"v_uid_user" uuid,
	CONSTRAINT "verified_clabes_result" CHECK (v_result IN ('match', 'confirmed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dispersion_rows_row_key" ON "dispersion_rows" USING btree ("v_uid_dispersion","i_row");--> statement-breakpoint
CREATE INDEX "dispersion_rows_queued_idx" ON "dispersion_rows" USING btree ("v_uid_dispersion","i_row") WHERE "dispersion_rows"."i_state" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "dispersion_rows_movement_key" ON "dispersion_rows" USING btree ("v_uid_movement") WHERE "dispersion_rows"."v_uid_movement" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dispersions_business_idx" ON "dispersions" USING btree ("v_uid_business","d_create_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dispersions_created_idx" ON "dispersions" USING btree ("d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dispersions_idempotency_key" ON "dispersions" USING btree ("v_uid_user","v_idempotency_key") WHERE "dispersions"."v_idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verified_clabes_business_clabe_key" ON "verified_clabes" USING btree ("v_uid_business","v_clabe");