-- One search (issue 27, docs/decisions/0034-search.md). unaccent and pg_trgm where they can be
-- installed (PostgreSQL 13+ trusts both; PGlite loads them in db/client.ts). Without unaccent,
-- far_norm folds the Spanish accents with translate() and the search says so (search/service.ts).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'unaccent no disponible: la búsqueda quita solo los acentos del español';
END $$;--> statement-breakpoint
-- Immutable (an index expression must be): the dictionary is named, so search_path cannot change it.
DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    EXECUTE $f$CREATE OR REPLACE FUNCTION far_norm(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $b$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $b$$f$;
  ELSE
    EXECUTE $f$CREATE OR REPLACE FUNCTION far_norm(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $b$ SELECT lower(translate($1, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuuunc')) $b$$f$;
  END IF;
END $do$;--> statement-breakpoint
-- Names: word prefixes through full text ('empre:*'), a GIN index per table. Keys: prefixes
-- through btree text_pattern_ops (LIKE 'ABC%' reads a range of the index whatever the collation).
-- The expressions must stay identical to search/fields.ts (a unit test checks).
CREATE INDEX IF NOT EXISTS businesses_words_idx ON businesses USING gin (to_tsvector('simple'::regconfig, far_norm(coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')))) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_rfc_prefix_idx ON businesses (v_rfc text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_curp_prefix_idx ON businesses (v_curp text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_client_prefix_idx ON businesses (v_client text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_account_prefix_idx ON businesses (v_account_number text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS businesses_email_prefix_idx ON businesses (lower(v_email) text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
-- The business list searched one trigram expression (migration 0005); it now uses the indexes above.
DROP INDEX IF EXISTS businesses_search_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_words_idx ON users USING gin (to_tsvector('simple'::regconfig, far_norm(v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')))) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_prefix_idx ON users (lower(v_email) text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_client_prefix_idx ON users (v_client text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_phone_prefix_idx ON users (v_cell_phone text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cardholders_words_idx ON cardholders USING gin (to_tsvector('simple'::regconfig, far_norm(v_names || ' ' || v_last_name_1 || ' ' || coalesce(v_last_name_2, ''))));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cardholders_identifier_prefix_idx ON cardholders (upper(v_identifier) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cardholders_email_prefix_idx ON cardholders (lower(v_email) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cards_last4_idx ON cards (v_pan_last4);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_words_idx ON business_movements USING gin (to_tsvector('simple'::regconfig, far_norm(coalesce(v_beneficiary_name, '') || ' ' || coalesce(v_source_name, ''))));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_tracking_prefix_idx ON business_movements (upper(v_tracking_key) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_clabe_prefix_idx ON business_movements (v_beneficiary_clabe text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_source_clabe_prefix_idx ON business_movements (v_source_clabe text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_amount_idx ON business_movements (n_amount_cents);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dispersions_words_idx ON dispersions USING gin (to_tsvector('simple'::regconfig, far_norm(coalesce(v_file_name, '') || ' ' || coalesce(v_concept, ''))));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clarifications_folio_prefix_idx ON clarifications (upper(v_num_sheet) text_pattern_ops);
