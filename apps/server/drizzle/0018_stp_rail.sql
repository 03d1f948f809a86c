CREATE TABLE "stp_abonos" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_clave" text NOT NULL,
	"v_clave_rastreo" text NOT NULL,
	"t_body" jsonb NOT NULL,
	"t_answer" jsonb NOT NULL,
	"v_uid_movement" uuid,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stp_accounts" (
	"v_clabe" text PRIMARY KEY NOT NULL,
	"v_owner_kind" text NOT NULL,
	"v_owner" text NOT NULL,
	"v_status" text DEFAULT 'pendiente' NOT NULL,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"v_last_error" text,
	"d_next_at" timestamp with time zone NOT NULL,
	"d_lease_until" timestamp with time zone,
	"d_registered_at" timestamp with time zone,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stp_accounts_status" CHECK (v_status IN ('pendiente', 'registrada', 'baja_pendiente', 'baja'))
);
--> statement-breakpoint
CREATE TABLE "stp_estados" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_stp_id" text NOT NULL,
	"v_event" text NOT NULL,
	"v_detail" text,
	"t_body" jsonb NOT NULL,
	"b_applied" boolean DEFAULT false NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stp_orders" (
	"v_uid_movement" uuid PRIMARY KEY NOT NULL,
	"v_clave_rastreo" text NOT NULL,
	"d_operation_date" date NOT NULL,
	"t_order" jsonb NOT NULL,
	"v_status" text DEFAULT 'cola' NOT NULL,
	"v_stp_id" text,
	"i_attempts" integer DEFAULT 0 NOT NULL,
	"v_last_error" text,
	"d_next_at" timestamp with time zone NOT NULL,
	"d_lease_until" timestamp with time zone,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stp_orders_status" CHECK (v_status IN ('cola', 'enviando', 'por_confirmar', 'registrada', 'rechazada'))
);
--> statement-breakpoint
CREATE TABLE "stp_rail_state" (
	"v_id" text PRIMARY KEY NOT NULL,
	"d_last_ok" timestamp with time zone,
	"d_last_failure" timestamp with time zone,
	"v_last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stp_abonos_key" ON "stp_abonos" USING btree ("v_clave","v_clave_rastreo");--> statement-breakpoint
CREATE INDEX "stp_accounts_due_idx" ON "stp_accounts" USING btree ("d_next_at") WHERE "stp_accounts"."v_status" IN ('pendiente', 'baja_pendiente');--> statement-breakpoint
CREATE INDEX "stp_estados_pending_idx" ON "stp_estados" USING btree ("v_stp_id") WHERE NOT "stp_estados"."b_applied";--> statement-breakpoint
CREATE UNIQUE INDEX "stp_orders_stp_id" ON "stp_orders" USING btree ("v_stp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stp_orders_clave_rastreo" ON "stp_orders" USING btree ("v_clave_rastreo","d_operation_date");--> statement-breakpoint
CREATE INDEX "stp_orders_due_idx" ON "stp_orders" USING btree ("d_next_at") WHERE "stp_orders"."v_status" IN ('cola', 'enviando', 'por_confirmar');