CREATE SEQUENCE "public"."card_dispute_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."cards_virtual_row_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "card_dispute_events" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_dispute" uuid NOT NULL,
	"v_kind" text NOT NULL,
	"b_staff" boolean NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_author" text NOT NULL,
	"t_comment" text,
	"v_from_status" text,
	"v_to_status" text,
	"n_amount_cents" bigint,
	"v_uid_transaction" uuid,
	"v_uid_file" uuid,
	"v_file_name" text,
	"i_seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_dispute_events_i_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "card_disputes" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_folio" text NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_uid_card" uuid NOT NULL,
	"v_uid_authorization" uuid NOT NULL,
	"v_reason" text NOT NULL,
	"t_description" text NOT NULL,
	"v_status" text DEFAULT 'open' NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"n_credit_cents" bigint DEFAULT 0 NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"d_deadline_at" timestamp with time zone NOT NULL,
	"d_resolved_at" timestamp with time zone,
	CONSTRAINT "card_disputes_status_known" CHECK (v_status IN ('open', 'review', 'won', 'lost', 'withdrawn')),
	CONSTRAINT "card_disputes_credit_range" CHECK (n_credit_cents >= 0 AND n_credit_cents <= n_amount_cents)
);
--> statement-breakpoint
CREATE TABLE "card_reveal_tokens" (
	"v_hash" text PRIMARY KEY NOT NULL,
	"v_uid_card" uuid NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_uid_session" uuid NOT NULL,
	"d_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_stock_settings" ADD COLUMN "v_virtual_bin" text DEFAULT '537801' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "b_virtual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "b_single_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "b_lock_first_merchant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "v_merchant_lock" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "t_limits" jsonb;--> statement-breakpoint
CREATE INDEX "card_dispute_events_dispute_idx" ON "card_dispute_events" USING btree ("v_uid_dispute","i_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_folio_key" ON "card_disputes" USING btree ("v_folio");--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_live_key" ON "card_disputes" USING btree ("v_uid_authorization") WHERE v_status <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "card_disputes_business_idx" ON "card_disputes" USING btree ("v_uid_business","d_create_at");--> statement-breakpoint
CREATE INDEX "card_disputes_status_idx" ON "card_disputes" USING btree ("v_status","d_deadline_at");--> statement-breakpoint
-- The card-disputes book (PROVIDER_BOOKS index 5), 16 shards with fixed ids, as 0002_ledger_guards made the others.
INSERT INTO ledger_accounts (v_uid, v_code, v_owner_kind, v_owner, v_name, b_customer)
SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(5 * 256 + s), 12, '0'))::uuid,
       'PROVIDER:card-disputes:' || lpad(s::text, 2, '0'),
       'provider', 'card-disputes', 'Disputas de tarjetas #' || s, false
  FROM generate_series(0, 15) AS s
ON CONFLICT DO NOTHING;
