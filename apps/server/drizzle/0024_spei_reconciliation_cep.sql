CREATE TABLE "spei_reconciliation_lines" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_operation_date" date NOT NULL,
	"v_direction" text NOT NULL,
	"v_kind" text NOT NULL,
	"v_tracking_key" text NOT NULL,
	"v_bank_code" text DEFAULT '' NOT NULL,
	"n_rail_amount_cents" bigint,
	"n_ledger_amount_cents" bigint,
	"v_rail_state" text,
	"v_ledger_state" text,
	"v_counterparty" text,
	"v_account" text,
	"v_uid_movement" uuid,
	"t_rail" jsonb,
	"v_status" text DEFAULT 'abierta' NOT NULL,
	"v_comment" text,
	"v_uid_user_resolved" uuid,
	"d_resolved_at" timestamp with time zone,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spei_reconciliation_lines_kind" CHECK (v_kind IN ('falta_en_libro', 'falta_en_riel', 'monto', 'estado')),
	CONSTRAINT "spei_reconciliation_lines_status" CHECK (v_status IN ('abierta', 'revisada', 'abonada'))
);
--> statement-breakpoint
CREATE TABLE "spei_reconciliations" (
	"d_operation_date" date PRIMARY KEY NOT NULL,
	"v_rail" text NOT NULL,
	"v_status" text NOT NULL,
	"v_error" text,
	"i_sent_rail" integer DEFAULT 0 NOT NULL,
	"i_received_rail" integer DEFAULT 0 NOT NULL,
	"i_sent_ledger" integer DEFAULT 0 NOT NULL,
	"i_received_ledger" integer DEFAULT 0 NOT NULL,
	"v_uid_user" uuid,
	"d_run_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spei_reconciliations_status" CHECK (v_status IN ('completa', 'fallida'))
);
--> statement-breakpoint
CREATE TABLE "spei_sandbox_orders" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_direction" text NOT NULL,
	"v_tracking_key" text NOT NULL,
	"d_operation_date" date NOT NULL,
	"v_bank_code" text DEFAULT '' NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"v_state" text NOT NULL,
	"v_beneficiary_clabe" text NOT NULL,
	"v_beneficiary_name" text,
	"v_source_clabe" text,
	"v_source_name" text,
	"v_concept" text,
	"v_reference" text,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spei_sandbox_orders_direction" CHECK (v_direction IN ('E', 'R'))
);
--> statement-breakpoint
CREATE TABLE "stp_ceps" (
	"v_uid_movement" uuid PRIMARY KEY NOT NULL,
	"v_status" text DEFAULT 'pendiente' NOT NULL,
	"t_request" jsonb NOT NULL,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"v_last_error" text,
	"d_first_at" timestamp with time zone NOT NULL,
	"d_next_at" timestamp with time zone NOT NULL,
	"d_lease_until" timestamp with time zone,
	"t_xml" text,
	"b_pdf" "bytea",
	"d_obtained_at" timestamp with time zone,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stp_ceps_status" CHECK (v_status IN ('pendiente', 'obtenido', 'agotado'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spei_reconciliation_lines_key" ON "spei_reconciliation_lines" USING btree ("d_operation_date","v_direction","v_tracking_key","v_bank_code","v_kind");--> statement-breakpoint
CREATE INDEX "spei_reconciliation_lines_day_idx" ON "spei_reconciliation_lines" USING btree ("d_operation_date","v_status");--> statement-breakpoint
CREATE UNIQUE INDEX "spei_sandbox_orders_key" ON "spei_sandbox_orders" USING btree ("d_operation_date","v_direction","v_tracking_key","v_bank_code");--> statement-breakpoint
CREATE INDEX "stp_ceps_due_idx" ON "stp_ceps" USING btree ("d_next_at") WHERE "stp_ceps"."v_status" = 'pendiente';--> statement-breakpoint
-- «Conciliación SPEI» (menu row seeded at start): existing installations grant it to the system staff roles as a new one would (decision 0031).
UPDATE "role_permissions" SET "t_json" = "t_json" || jsonb_build_array(jsonb_build_object(
  'v_uid_menu', '8b3e4c30-0000-4000-8000-000000000021',
  'v_permissions', CASE "v_uid_role"
    WHEN '6f1c2a10-0000-4000-8000-000000000001' THEN '["7a2d3b20-0000-4000-8000-000000000001","7a2d3b20-0000-4000-8000-000000000002","7a2d3b20-0000-4000-8000-000000000003"]'::jsonb
    ELSE '["7a2d3b20-0000-4000-8000-000000000001","7a2d3b20-0000-4000-8000-000000000003"]'::jsonb END))
WHERE "v_uid_role" IN ('6f1c2a10-0000-4000-8000-000000000001', '6f1c2a10-0000-4000-8000-000000000002')
  AND NOT "t_json" @> '[{"v_uid_menu": "8b3e4c30-0000-4000-8000-000000000021"}]'::jsonb;
