import type { ClientKind, SearchKind } from '@far/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Grant } from '../../platform/context';
import { FIELDS } from './fields';
import { MATCH, type Val } from './query';

/** A candidate row of any kind, as the one search statement returns it. */
export interface SearchRow {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  business_id: string | null;
  amount: string | null;
  at: Date | string | null;
}

interface KindSpec {
  /** Who may see the kind: the grants of the list route of its screen (docs/access.md), per client kind. */
  grants: Partial<Record<ClientKind, readonly Grant[]>>;
  table: string;
  /** Rows a business user may see of this kind (its tenant); staff see every row. */
  tenant: (client: SQL) => SQL;
  /** Rows that never show (deleted). */
  live?: SQL;
  match: (v: Val) => SQL;
  /** title, subtitle, business_id, amount, at: what a result shows. */
  columns: SQL;
  /**
   * The folded name whose start ranks a result second (a FIELDS expression with its own btree index):
   * read as an arm of its own, so no name is folded per row (service.ts).
   */
  name?: string;
  /** 0 an exact key, 2 any other match (1, the name starts with the text, is the `name` arm's). */
  rank: (v: Val) => SQL;
  link: (row: SearchRow, kind: ClientKind) => string;
}

const ver = (...menus: string[]): Grant[] => menus.map((menu) => ({ menu, permission: 'Ver' }));
const byClient = (client: SQL) => sql`v_client = ${client}`;
const NOT_DELETED = sql`d_deleted_at IS NULL`;
const businessOf = (row: SearchRow) => `/user/business/${row.business_id}`;
/** The business a row of a tenant table belongs to, by its v_client. */
const BUSINESS_ID = sql.raw(`(SELECT b.v_uid::text FROM businesses b WHERE b.v_client = t.v_client AND b.d_deleted_at IS NULL)`);
const person = (names: string) => sql.raw(`concat_ws(' ', ${names}, v_last_name_1, v_last_name_2)`);

const users = (prefix: ClientKind, grants: KindSpec['grants'], link: KindSpec['link']): KindSpec => ({
  grants,
  table: 'users',
  tenant: byClient,
  // Not a LIKE: the kind is a filter on what the match finds, not an index range of every user of the kind.
  live: sql`${NOT_DELETED} AND left(v_client, 3) = ${prefix}`,
  match: MATCH.user,
  name: FIELDS.userName,
  columns: sql`${person('v_names')}, v_email, ${prefix === 'BUS' ? BUSINESS_ID : sql`NULL`}, NULL, d_create_at`,
  rank: (v) => sql`CASE WHEN lower(v_email) = ${v('email')} OR v_cell_phone = ${v('digits')} THEN 0 ELSE 2 END`,
  link,
});

/** Each kind: where it is, who sees it, how it matches, what it shows and where it leads. */
export const KINDS: Record<SearchKind, KindSpec> = {
  business: {
    grants: { FAR: ver('/user/business') },
    table: 'businesses',
    tenant: byClient,
    live: NOT_DELETED,
    match: MATCH.business,
    name: FIELDS.businessName,
    columns: sql`coalesce(v_company_name, ${person('v_names')}), v_rfc || ' · ' || v_client, v_uid::text, NULL, d_create_at`,
    rank: (v) =>
      sql`CASE WHEN v_rfc = ${v('key')} OR v_client = ${v('key')} OR v_account_number = ${v('digits')} OR lower(v_email) = ${v('email')} THEN 0 ELSE 2 END`,
    link: (row) => `/user/business/${row.id}`,
  },
  staff: users('FAR', { FAR: ver('/user/techfar') }, (row) => `/user/techfar/${row.id}`),
  businessUser: users('BUS', { FAR: ver('/user/business'), BUS: ver('/profile') }, (row, kind) =>
    kind === 'BUS' || !row.business_id ? '/profile' : `${businessOf(row)}?tab=usuarios`,
  ),
  walletUser: users('WAL', { FAR: ver('/user/wallet') }, () => '/user/wallet'),
  cardholder: {
    grants: { FAR: ver('/user/business'), BUS: ver('/account') },
    table: 'cardholders',
    tenant: byClient,
    match: MATCH.cardholder,
    name: FIELDS.cardholderName,
    columns: sql`${person('v_names')}, v_identifier || ' · ' || v_email, v_uid_business::text, NULL, d_create_at`,
    rank: (v) => sql`CASE WHEN upper(v_identifier) = ${v('key')} OR lower(v_email) = ${v('email')} THEN 0 ELSE 2 END`,
    link: (row, kind) => (kind === 'BUS' ? '/account/cardholders' : `${businessOf(row)}?tab=tarjetas`),
  },
  card: {
    grants: { FAR: ver('/pre-stock-cards', '/user/business'), BUS: ver('/account') },
    table: 'cards',
    tenant: (client) => sql`v_uid_business IN (SELECT b.v_uid FROM businesses b WHERE b.v_client = ${client})`,
    match: MATCH.card,
    columns: sql`v_pan_first6 || '******' || v_pan_last4, v_card_identifier, v_uid_business::text, NULL, d_create_at`,
    rank: () => sql`0`,
    link: (row, kind) => (kind === 'BUS' ? `/account/cards/${row.id}` : row.business_id ? `${businessOf(row)}/tarjetas/${row.id}` : '/pre-stock-cards'),
  },
  movement: {
    grants: { FAR: ver('/user/business'), BUS: ver('/movement') },
    table: 'business_movements',
    tenant: byClient,
    // Eliminada (6): the movements list never shows it either.
    live: sql`i_status <> 6`,
    match: MATCH.movement,
    // Titled by the other party: who was paid, or who paid in.
    columns: sql`coalesce(CASE WHEN v_type IN ('SPEI_IN', 'DEPOSIT', 'WALLET_IN', 'LEDGER_IN') THEN v_source_name ELSE v_beneficiary_name END, v_concept, v_tracking_key, ''),
      concat_ws(' · ', v_tracking_key, CASE WHEN v_type IN ('SPEI_IN', 'DEPOSIT', 'WALLET_IN', 'LEDGER_IN') THEN v_source_clabe ELSE v_beneficiary_clabe END),
      v_uid_business::text, n_amount_cents::text, d_movement_at`,
    rank: (v) =>
      sql`CASE WHEN upper(v_tracking_key) = ${v('key')} OR n_amount_cents = ${v('cents')}::bigint OR v_beneficiary_clabe = ${v('digits')} OR v_source_clabe = ${v('digits')} THEN 0 ELSE 2 END`,
    link: (row, kind) => (kind === 'BUS' ? '/movement' : businessOf(row)),
  },
  dispersion: {
    grants: { FAR: ver('/user/business'), BUS: ver('/dispersal/history', '/dispersal/transfer', '/dispersal/program') },
    table: 'dispersions',
    tenant: byClient,
    match: MATCH.dispersion,
    columns: sql`coalesce(v_file_name, v_concept, ''), coalesce(v_concept, ''), v_uid_business::text, n_total_amount_cents::text, d_create_at`,
    name: FIELDS.dispersionName,
    rank: () => sql`2`,
    link: (row, kind) => (kind === 'BUS' ? `/dispersal/history?id=${row.id}` : businessOf(row)),
  },
  clarification: {
    grants: { FAR: ver('/clarification'), BUS: ver('/clarification') },
    table: 'clarifications',
    tenant: byClient,
    match: MATCH.clarification,
    columns: sql`v_num_sheet, left(t_comment, 80), NULL, NULL, d_create_at`,
    rank: (v) => sql`CASE WHEN upper(v_num_sheet) = ${v('key')} THEN 0 ELSE 2 END`,
    link: (row) => `/clarification?uid=${row.id}`,
  },
};
