/**
 * The searched expressions, as SQL text. Each one is also an index expression of the search
 * migrations (drizzle/*_search*.sql): PostgreSQL uses an expression index only for the very same
 * expression, so they are written once here and test/unit/search-fields.test.ts checks that the
 * newest definition of some index holds each of them.
 *
 * far_norm() is the migration's IMMUTABLE wrapper of unaccent + lower (an index may only use
 * immutable functions; unaccent() itself is STABLE).
 */
const words = (text: string) => `to_tsvector('simple'::regconfig, far_norm(${text}))`;

export const FIELDS = {
  businessWords: words(
    `coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')`,
  ),
  userWords: words(`v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')`),
  cardholderWords: words(`v_names || ' ' || v_last_name_1 || ' ' || coalesce(v_last_name_2, '')`),
  /** Who was paid or who paid, and what the person typed on the order: concept, reference, alias. */
  movementWords: words(
    `coalesce(v_beneficiary_name, '') || ' ' || coalesce(v_source_name, '') || ' ' || coalesce(v_concept, '') || ' ' || coalesce(v_reference, '') || ' ' || coalesce(v_alias, '')`,
  ),
  dispersionWords: words(`coalesce(v_file_name, '') || ' ' || coalesce(v_concept, '')`),
  /**
   * The name a result is titled by, folded, as a btree text_pattern_ops index (migration
   * *_search_names.sql): "the name starts with the typed text" is then a range of that index, read
   * in the index, never a far_norm() call per row (each call site of the SQL function is planned
   * again on every execution: half the time of a search for «mart», decision 0034).
   */
  businessName: `far_norm(coalesce(v_company_name, v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')))`,
  userName: `far_norm(v_names || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, ''))`,
  cardholderName: `far_norm(v_names || ' ' || v_last_name_1 || ' ' || coalesce(v_last_name_2, ''))`,
  dispersionName: 'far_norm(v_file_name)',
  clarificationWords: words('t_comment'),
  /** E-mails are stored as typed; compared lower-cased. */
  email: 'lower(v_email)',
  cardholderId: 'upper(v_identifier)',
  trackingKey: 'upper(v_tracking_key)',
  folio: 'upper(v_num_sheet)',
  clarificationTrackingKey: 'upper(v_key_tracing)',
} as const;
