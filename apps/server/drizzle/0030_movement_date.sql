-- One date per movement (docs/decisions/0037-movement-date.md): when it moved the balance — its
-- ledger transaction's time, the date its statement line carries — once posted; its creation while
-- not (pending, sent, awaiting approval, or never posted: cancelled, rejected, returned before
-- settling). The list, its filters and sort, its export, the dashboard, the reports and the
-- statement all read this one column, so an order created at 23:58 and settled at 00:03 is of the
-- next day (or month) everywhere.
ALTER TABLE "business_movements" ADD COLUMN "d_movement_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "business_movements" m
   SET "d_movement_at" = coalesce((SELECT t.d_create_at FROM ledger_transactions t WHERE t.v_uid = m.v_uid_transaction), m.d_create_at);--> statement-breakpoint
-- Kept by the database, not by each writer (SPEI out, SPEI in, deposits, wallet transfers, the
-- derived movements of migration 0019): the row gets its transaction once (never another), and a
-- ledger transaction is never updated, so reading it when the link is written is enough.
CREATE FUNCTION business_movement_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.d_movement_at := coalesce((SELECT t.d_create_at FROM ledger_transactions t WHERE t.v_uid = NEW.v_uid_transaction), NEW.d_create_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER business_movements_date BEFORE INSERT OR UPDATE OF v_uid_transaction, d_create_at ON business_movements
  FOR EACH ROW EXECUTE FUNCTION business_movement_date();--> statement-breakpoint
DROP INDEX "business_movements_list_idx";--> statement-breakpoint
CREATE INDEX "business_movements_list_idx" ON "business_movements" USING btree ("v_uid_business","d_movement_at" DESC NULLS FIRST,"v_uid" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "business_movements_moved_idx" ON "business_movements" USING btree ("d_movement_at");
