CREATE SEQUENCE "public"."cards_virtual_row_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
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
ALTER TABLE "cards" ADD COLUMN "t_limits" jsonb;