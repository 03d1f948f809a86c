CREATE TABLE "card_auth_endpoints" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_client" text NOT NULL,
	"v_uid_business" uuid NOT NULL,
	"v_url" text NOT NULL,
	"v_secret" text NOT NULL,
	"i_timeout_ms" integer DEFAULT 1500 NOT NULL,
	"v_default" text DEFAULT 'decline' NOT NULL,
	"b_allow_loopback" boolean DEFAULT false NOT NULL,
	CONSTRAINT "card_auth_endpoints_timeout" CHECK (i_timeout_ms BETWEEN 200 AND 5000),
	CONSTRAINT "card_auth_endpoints_default" CHECK (v_default IN ('approve', 'decline'))
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "v_decided_by" text DEFAULT 'producto' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "v_business_reason" text;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "i_decision_ms" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "card_auth_endpoints_business" ON "card_auth_endpoints" USING btree ("v_uid_business");