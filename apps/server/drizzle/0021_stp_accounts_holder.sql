-- stp_accounts had no writer before this version: the default only lets the column be added to an existing table.
ALTER TABLE "stp_accounts" ADD COLUMN "t_holder" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stp_accounts" ALTER COLUMN "t_holder" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stp_rail_state" ADD COLUMN "d_accounts_swept" timestamp with time zone;
