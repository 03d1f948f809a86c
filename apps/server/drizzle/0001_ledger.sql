CREATE TABLE "idempotency_keys" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_route" text NOT NULL,
	"v_key" text NOT NULL,
	"v_request_hash" text NOT NULL,
	"i_status" integer,
	"t_response" jsonb,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_code" text NOT NULL,
	"v_owner_kind" text NOT NULL,
	"v_owner" text NOT NULL,
	"v_name" text NOT NULL,
	"b_customer" boolean NOT NULL,
	"n_balance_cents" bigint DEFAULT 0 NOT NULL,
	"n_held_cents" bigint DEFAULT 0 NOT NULL,
	"n_entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_customer_funds" CHECK (NOT b_customer OR (n_balance_cents - n_held_cents >= 0 AND n_held_cents >= 0)),
	CONSTRAINT "ledger_accounts_held_nonnegative" CHECK (n_held_cents >= 0),
	CONSTRAINT "ledger_accounts_owner_kind" CHECK (v_owner_kind IN ('business', 'wallet', 'cardholder', 'provider')),
	CONSTRAINT "ledger_accounts_customer_kind" CHECK (b_customer = (v_owner_kind <> 'provider'))
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_account" uuid NOT NULL,
	"n_amount_cents" bigint NOT NULL,
	"v_status" text DEFAULT 'held' NOT NULL,
	"v_reference" text NOT NULL,
	"v_uid_transaction" uuid,
	"v_reason" text,
	CONSTRAINT "ledger_holds_amount_positive" CHECK (n_amount_cents > 0),
	CONSTRAINT "ledger_holds_status" CHECK (v_status IN ('held', 'posted', 'released')),
	CONSTRAINT "ledger_holds_posted_has_transaction" CHECK ((v_status = 'posted') = (v_uid_transaction IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_uid_transaction" uuid NOT NULL,
	"v_uid_account" uuid NOT NULL,
	"i_line" integer NOT NULL,
	"v_leg" text,
	"n_amount_cents" bigint NOT NULL,
	"n_balance_after_cents" bigint NOT NULL,
	"n_entry" bigint NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "ledger_postings_amount_nonzero" CHECK (n_amount_cents <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"v_kind" text NOT NULL,
	"v_reference" text NOT NULL,
	"t_memo" jsonb,
	"d_create_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_v_uid_account_ledger_accounts_v_uid_fk" FOREIGN KEY ("v_uid_account") REFERENCES "public"."ledger_accounts"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_v_uid_transaction_ledger_transactions_v_uid_fk" FOREIGN KEY ("v_uid_transaction") REFERENCES "public"."ledger_transactions"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_v_uid_account_ledger_accounts_v_uid_fk" FOREIGN KEY ("v_uid_account") REFERENCES "public"."ledger_accounts"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key" ON "idempotency_keys" USING btree ("v_uid_user","v_route","v_key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("v_code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("v_owner_kind","v_owner");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_reference_key" ON "ledger_holds" USING btree ("v_reference");--> statement-breakpoint
CREATE INDEX "ledger_holds_account_status_idx" ON "ledger_holds" USING btree ("v_uid_account","v_status");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("v_uid_transaction");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_account_entry_key" ON "ledger_postings" USING btree ("v_uid_account","n_entry");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("v_uid_account","d_create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_kind_reference_key" ON "ledger_transactions" USING btree ("v_kind","v_reference");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("d_create_at");