import { SEARCH_KINDS, SEARCH_KIND_LABELS, type SearchAnswer, type SearchKind } from '@far/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { can } from '../../platform/guard';
import { KINDS, type SearchRow } from './kinds';
import { inline, searchValues } from './query';

/** Matching rows read of each kind before ranking: the best of these are returned (docs/decisions/0034). */
const CANDIDATES = 100;

/** The kinds this caller may see: those whose screen's list the caller may open (the same grants). */
export function visibleKinds(actor: Actor, asked?: readonly SearchKind[]): SearchKind[] {
  return (asked ?? SEARCH_KINDS).filter((kind) => KINDS[kind].grants[actor.kind]?.some((g) => can(actor, g.menu, g.permission)));
}

/**
 * One statement for every kind asked (one round trip, one plan): each kind's best `limit` rows
 * among its first CANDIDATES matches, within the caller's tenant.
 */
export function searchStatement(actor: Pick<Actor, 'kind' | 'client'>, q: string, kinds: readonly SearchKind[], limit: number): SQL | null {
  const v = inline(searchValues(q));
  const branches = kinds.map((kind) => {
    const k = KINDS[kind];
    const where = [k.live, actor.kind === 'FAR' ? undefined : k.tenant(actor), k.match(v)].filter((c): c is SQL => !!c);
    return sql`(SELECT ${kind}::text AS kind, id, title, subtitle, business_id, amount, at FROM (
      SELECT t.v_uid::text AS id, ${k.rank(v)} AS rank, ${k.columns} FROM ${sql.raw(k.table)} t WHERE ${sql.join(where, sql` AND `)} LIMIT ${CANDIDATES}
    ) AS c (id, rank, title, subtitle, business_id, amount, at) ORDER BY rank, at DESC, id LIMIT ${limit})`;
  });
  return branches.length ? sql.join(branches, sql` UNION ALL `) : null;
}

export async function search(database: Database, actor: Actor, q: string, asked: readonly SearchKind[] | undefined, limit: number): Promise<SearchAnswer> {
  const kinds = visibleKinds(actor, asked);
  const statement = searchStatement(actor, q, kinds, limit);
  const rows = statement ? await runSearch(database.db, statement) : [];
  const Groups = kinds
    .map((kind) => ({
      Kind: kind,
      Label: SEARCH_KIND_LABELS[kind],
      Results: rows
        .filter((r) => r.kind === kind)
        .map((r) => ({
          Id: r.id,
          Title: r.title,
          Subtitle: r.subtitle ?? '',
          Link: KINDS[kind].link(r, actor.kind),
          AmountCents: r.amount === null ? null : Number(r.amount),
          Date: r.at === null ? null : new Date(r.at).toISOString(),
        })),
    }))
    .filter((g) => g.Results.length > 0);
  return { Query: q, Groups, Fallbacks: await fallbacks(database) };
}

/**
 * Every kind's condition is served by an index, and each kind reads at most CANDIDATES rows: with a
 * LIMIT the planner may pick a sequential scan, betting the matches are spread through the table,
 * and loses when they are clustered (tracking keys that start alike were written together: 300 ms
 * against 5 ms, decision 0034). So the search statement runs without sequential scans where an
 * index can answer.
 */
export const runSearch = (db: Db, statement: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return rowsOf<SearchRow>(tx, statement);
  });

const rowsOf = async <T>(db: DbOrTx, statement: SQL): Promise<T[]> => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** Per database: which of the search's extensions it lacks (looked up once; the migration decided). */
const missing = new WeakMap<Database, Promise<string[]>>();
const FALLBACK_TEXT: Record<string, string> = {
  unaccent: 'Sin la extensión unaccent: solo se ignoran los acentos del español (á, é, í, ó, ú, ü, ñ, ç)',
};

function fallbacks(database: Database): Promise<string[]> {
  let found = missing.get(database);
  if (!found) {
    found = rowsOf<{ extname: string }>(database.db, sql`SELECT extname FROM pg_extension WHERE extname = 'unaccent'`).then((rows) =>
      Object.keys(FALLBACK_TEXT)
        .filter((name) => !rows.some((r) => r.extname === name))
        .map((name) => FALLBACK_TEXT[name]!),
    );
    missing.set(database, found);
  }
  return found;
}
