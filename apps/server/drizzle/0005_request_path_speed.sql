CREATE TABLE "rbac_version" (
	"i_id" integer PRIMARY KEY NOT NULL,
	"i_version" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "business_movements_business_idx";--> statement-breakpoint
CREATE INDEX "businesses_list_idx" ON "businesses" USING btree ("d_create_at" DESC NULLS FIRST,"v_uid" DESC NULLS FIRST) WHERE "businesses"."d_deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "business_movements_list_idx" ON "business_movements" USING btree ("v_uid_business","d_create_at" DESC NULLS FIRST,"v_uid" DESC NULLS FIRST);--> statement-breakpoint
INSERT INTO "rbac_version" ("i_id", "i_version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rbac_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rbac_version SET i_version = i_version + 1 WHERE i_id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER roles_rbac_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();--> statement-breakpoint
CREATE TRIGGER role_permissions_rbac_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();--> statement-breakpoint
CREATE TRIGGER menu_rbac_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu" FOR EACH STATEMENT EXECUTE FUNCTION rbac_version_bump();--> statement-breakpoint
-- Trigram indexes for the list searches (ILIKE '%text%'), where pg_trgm can be installed
-- (PostgreSQL 13+ trusts it; PGlite loads it in db/client.ts). Elsewhere the searches scan.
-- The expressions must stay identical to SEARCH_TEXT in businesses/schema.ts and spei/schema.ts.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS businesses_search_idx ON businesses USING gin ((coalesce(v_company_name, '') || E'\n' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '') || E'\n' || v_rfc || E'\n' || v_account_number || E'\n' || v_email || E'\n' || v_client) gin_trgm_ops) WHERE d_deleted_at IS NULL;
    CREATE INDEX IF NOT EXISTS business_movements_search_idx ON business_movements USING gin ((coalesce(v_concept, '') || E'\n' || coalesce(v_reference, '') || E'\n' || coalesce(v_tracking_key, '') || E'\n' || coalesce(v_beneficiary_name, '') || E'\n' || coalesce(v_source_name, '') || E'\n' || coalesce(v_beneficiary_clabe, '') || E'\n' || coalesce(v_source_clabe, '') || E'\n' || coalesce(v_alias, '')) gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm no disponible: las búsquedas de las listas recorren la tabla';
END $$;
