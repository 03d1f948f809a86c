ALTER TABLE "card_movements" ADD COLUMN "v_uid_order" uuid;--> statement-breakpoint
ALTER TABLE "business_movements" ADD COLUMN "v_uid_account" uuid;--> statement-breakpoint
CREATE INDEX "card_movements_order_idx" ON "card_movements" USING btree ("v_uid_order") WHERE "card_movements"."v_uid_order" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "business_movements_account_idx" ON "business_movements" USING btree ("v_uid_account","d_create_at") WHERE "business_movements"."v_uid_account" IS NOT NULL;