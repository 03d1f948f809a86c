-- Issue 27 (decision 0034): "the name starts with the typed text" read from an index of the folded
-- name (text_pattern_ops: a range whatever the collation), so the search ranks names without
-- folding one per row. The expressions are search/fields.ts's *Name (test/unit/search-fields.test.ts).
CREATE INDEX IF NOT EXISTS businesses_name_prefix_idx ON businesses (far_norm(coalesce(v_company_name, v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, ''))) text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_prefix_idx ON users (far_norm(v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')) text_pattern_ops) WHERE d_deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cardholders_name_prefix_idx ON cardholders (far_norm(v_names || ' ' || v_last_name_1 || ' ' || coalesce(v_last_name_2, '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dispersions_name_prefix_idx ON dispersions (far_norm(v_file_name) text_pattern_ops);
