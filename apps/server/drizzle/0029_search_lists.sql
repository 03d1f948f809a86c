-- The movements and clarifications lists search through the search's matcher (issue 27,
-- docs/decisions/0034-search.md). The expressions must stay identical to search/fields.ts (a unit
-- test checks the newest definition of each index).
-- Movements: the words a person typed on the order (concept, reference, alias) join the names.
DROP INDEX IF EXISTS business_movements_words_idx;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS business_movements_words_idx ON business_movements USING gin (to_tsvector('simple'::regconfig, far_norm(coalesce(v_beneficiary_name, '') || ' ' || coalesce(v_source_name, '') || ' ' || coalesce(v_concept, '') || ' ' || coalesce(v_reference, '') || ' ' || coalesce(v_alias, ''))));--> statement-breakpoint
-- The movements list's substring search (migration 0005's trigram index) is gone.
DROP INDEX IF EXISTS business_movements_search_idx;--> statement-breakpoint
-- Clarifications: the comment's words, the tracking key and the client number by their start (the folio's is in 0025).
CREATE INDEX IF NOT EXISTS clarifications_words_idx ON clarifications USING gin (to_tsvector('simple'::regconfig, far_norm(t_comment)));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clarifications_tracking_prefix_idx ON clarifications (upper(v_key_tracing) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clarifications_client_prefix_idx ON clarifications (v_client text_pattern_ops);
