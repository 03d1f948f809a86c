import { SEARCH_KINDS, SEARCH_KIND_LABELS, type ClientKind, type SearchAnswer, type SearchKind } from '@far/contracts';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { builtNow, builtOnce, runBuilt, type BuiltQuery } from '../../db/built';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { can } from '../../platform/guard';
import { KINDS, type SearchRow } from './kinds';
import { prefix, presentPlaceholders, searchValues, type SearchValues, type Val } from './query';

/**
 * Matching rows read of each kind before ranking, per result asked: the best `limit` of `limit` ×
 * CANDIDATES are returned. Few on purpose: the rows that rank first are found by arms of their own
 * (exact keys by equality on what was read, names that start with the text by their index), so
 * reading more only ranks more "other matches" (decision 0034).
 */
const CANDIDATES = 4;

/** The kinds this caller may see: those whose screen's list the caller may open (the same grants). */
export function visibleKinds(actor: Actor, asked?: readonly SearchKind[]): SearchKind[] {
  return (asked ?? SEARCH_KINDS).filter((kind) => KINDS[kind].grants[actor.kind]?.some((g) => can(actor, g.menu, g.permission)));
}

type Scope = Pick<Actor, 'kind' | 'client'>;

/**
 * One statement for every kind asked (one round trip, one plan): per kind, the names that start with
 * the text (rank 1, from the name's own index) and the kind's matches (rank 0 for an exact key,
 * else 2), a row found by both keeping its better rank; then the best `limit`, newest first within
 * a rank; all within the caller's tenant. Values are read through `v`.
 */
function statementOf(callerKind: ClientKind, kinds: readonly SearchKind[], v: Val, client: SQL, limit: SQL): SQL {
  const branches = kinds.map((kind) => {
    const k = KINDS[kind];
    const scope = [k.live, callerKind === 'FAR' ? undefined : k.tenant(client)];
    const read = (rank: SQL, condition: SQL, rows: SQL) =>
      sql`(SELECT t.v_uid::text AS id, ${rank} AS rank, ${k.columns} FROM ${sql.raw(k.table)} t WHERE ${sql.join(
        [...scope, condition].filter((c): c is SQL => !!c),
        sql` AND `,
      )} LIMIT ${rows})`;
    const matches = read(k.rank(v), k.match(v), sql`${limit} * ${sql.raw(String(CANDIDATES))}`);
    const startsWith = k.name ? prefix(k.name, v, 'name') : null;
    const found = startsWith ? sql`SELECT DISTINCT ON (1) * FROM (${read(sql`1`, startsWith, limit)} UNION ALL ${matches}) AS a ORDER BY 1, 2` : matches;
    return sql`(SELECT ${sql.raw(`'${kind}'`)}::text AS kind, id, title, subtitle, business_id, amount, at FROM (${found}) AS c (id, rank, title, subtitle, business_id, amount, at) ORDER BY rank, at DESC, id LIMIT ${limit})`;
  });
  return sql.join(branches, sql` UNION ALL `);
}

/**
 * The statement of each shape (searchQuery), rendered once and prepared by name on each connection: planning the nine-branch union took longer than running it
 * (0.8 ms against 0.3 ms for an RFC, decision 0034). Its one generic plan serves every value: the
 * key conditions are ranges and the words a to_tsquery of a parameter, both index conditions with
 * a parameter, and a NULL value matches nothing. Bounded: past MAX_SHAPES, shapes are not kept.
 */
const shapes = new Map<string, () => BuiltQuery>();
const MAX_SHAPES = 256;
/**
 * Every kind's condition is served by an index, and each kind reads at most CANDIDATES rows: with a
 * LIMIT the planner may pick a sequential scan, betting the matches are spread through the table,
 * and loses when they are clustered (tracking keys that start alike were written together: 291 ms
 * against 1 ms, decision 0034). So the statement is planned without sequential scans where an
 * index can answer, once (generic plan): on PostgreSQL by the sessions of the search's own
 * connections (db/client.ts indexedQuery), on PGlite by these settings in the call's transaction.
 */
export const SEARCH_SETTINGS = "SELECT set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)";

/**
 * The prepared statement of a shape: the caller's kind, the kinds searched and which values the text
 * can be (the others' conditions are left out, presentPlaceholders); its text with $n parameters,
 * and which value each one is (`params[i].name`).
 */
export function searchQuery(scope: Scope, kinds: readonly SearchKind[], values: SearchValues): BuiltQuery {
  const present = (Object.keys(values) as Array<keyof SearchValues>).filter((name) => values[name] !== null);
  const key = `${scope.kind} ${kinds.join(',')} ${present.join(',')}`;
  const build = () => statementOf(scope.kind, kinds, presentPlaceholders(values), sql`${sql.placeholder('client')}`, sql`${sql.placeholder('limit')}`);
  let built = shapes.get(key);
  if (!built) {
    built = shapes.size < MAX_SHAPES ? builtOnce(build) : () => builtNow(build());
    if (shapes.size < MAX_SHAPES) shapes.set(key, built);
  }
  return built();
}

/** The values of the prepared statement's parameters, by name. */
export const searchParams = (scope: Scope, q: string, limit: number) => ({ ...searchValues(q), client: scope.client, limit });

/** A parameter of a built statement: a placeholder's value, or a constant of the statement itself. */
export const paramValue = (p: unknown, values: Record<string, string | number | null>): string | number | null =>
  p instanceof Placeholder ? (values[p.name as string] ?? null) : (p as string | number | null);

export async function searchRows(database: Database, scope: Scope, q: string, kinds: readonly SearchKind[], limit: number): Promise<SearchRow[]> {
  if (!kinds.length) return [];
  const values = searchParams(scope, q, limit);
  const query = searchQuery(scope, kinds, values);
  const args = query.params.map((p) => paramValue(p, values));
  // PostgreSQL: on the connections whose sessions are set so (db/client.ts), one round trip.
  if (database.indexedQuery && query.name) return database.indexedQuery<SearchRow>(query.name, query.sql, args);
  // PGlite: the settings and the prepared statement in one call, one implicit transaction (the
  // settings are local to it; an error rolls it back whole).
  if (database.pglite && query.name && (await preparedOn(database, query.name, query.sql))) {
    const [, found] = await database.pglite.exec(`${SEARCH_SETTINGS}; EXECUTE "${query.name}"(${args.map(literal).join(', ')})`);
    return (found?.rows ?? []) as SearchRow[];
  }
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(SEARCH_SETTINGS));
    return runBuilt<SearchRow>(tx, query, values);
  });
}

/**
 * PGlite has no named statements of the wire protocol: each call parsed the 9-branch text again,
 * 12 of its 15 ms (decision 0034). So there the statement is PREPAREd once per database (its one
 * session) and EXECUTEd with its values written as literals.
 */
const prepared = new WeakMap<Database, Map<string, Promise<true>>>();
function preparedOn(database: Database, name: string, text: string): Promise<true> {
  let names = prepared.get(database);
  if (!names) prepared.set(database, (names = new Map()));
  let done = names.get(name);
  if (!done) {
    done = database.db.execute(sql.raw(`PREPARE "${name}" AS ${text}`)).then(() => true as const);
    names.set(name, done);
    done.catch(() => names.delete(name));
  }
  return done;
}
/** A value as an SQL literal: standard_conforming_strings (on since PostgreSQL 9.1) makes doubling quotes enough. */
const literal = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);

export async function search(database: Database, actor: Actor, q: string, asked: readonly SearchKind[] | undefined, limit: number): Promise<SearchAnswer> {
  const kinds = visibleKinds(actor, asked);
  const rows = await searchRows(database, actor, q, kinds, limit);
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
