// The plans behind docs/decisions/0034-search.md: the search statement on the realistic seed, and
// the alternatives for a name (trigram, text_pattern_ops, full text) on the same rows. PostgreSQL
// only (a scratch database, dropped after). Run: npx tsx lists/explain.ts (from bench/).
import { sql } from 'drizzle-orm';
import { SEARCH_KINDS } from '@far/contracts';
import { openDatabase, runSearch, searchStatement, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { scratchDatabase } from '../lib/load';
import { seedRealistic } from './seed';

/** EXPLAIN ANALYZE, in the search's own transaction (runSearch: no sequential scans) or alone. */
const plan = async (database: Database, title: string, statement: ReturnType<typeof sql>, asSearch = true) => {
  const explain = sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON, SUMMARY ON) ${statement}`;
  const rows = (asSearch
    ? await runSearch(database.db, explain)
    : ((await database.db.execute(explain)) as unknown as { rows: unknown[] }).rows) as unknown as Array<{
    'QUERY PLAN': string;
  }>;
  console.log(`\n### ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
};

async function main() {
  const scratch = await scratchDatabase('far_bench_explain');
  if (!scratch) return console.log('PostgreSQL not reachable');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    await benchDatabase(database);
    const { sampleRfc } = await seedRealistic(database, { businesses: 20_000, movements: 100_000, cards: 100_000 });
    const staff = { kind: 'FAR', client: 'FAR000001' } as const;
    const [demo] = await database.query<{ v_client: string }>('x', "SELECT v_client FROM users WHERE v_email = 'empresa@demo.mx'", []);
    await plan(database, 'search "FAR00005" with sequential scans allowed, movements', searchStatement(staff, 'FAR00005', ['movement'], 5)!, false);
    for (const q of ['mart', 'grupo mart', sampleRfc.slice(0, 6), '1,234.50', '4321', 'FAR00005'])
      await plan(database, `search "${q}", staff, every kind`, searchStatement(staff, q, [...SEARCH_KINDS], 5)!);
    await plan(
      database,
      'search "mart", business user (its tenant), movements',
      searchStatement({ kind: 'BUS', client: demo!.v_client }, 'mart', ['movement'], 5)!,
    );
    // The alternatives for a name, on the businesses: each with the index it needs.
    await database.db.execute(
      sql.raw(
        `CREATE INDEX alt_trgm ON businesses USING gin (far_norm(coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')) gin_trgm_ops) WHERE d_deleted_at IS NULL`,
      ),
    );
    await database.db.execute(
      sql.raw(
        `CREATE INDEX alt_prefix ON businesses (far_norm(coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '')) text_pattern_ops) WHERE d_deleted_at IS NULL`,
      ),
    );
    await database.db.execute(sql.raw('ANALYZE businesses'));
    const name = `far_norm(coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, ''))`;
    for (const q of ['mart', 'ma'])
      for (const [how, cond] of [
        ['trigram ILIKE %q%', `${name} ILIKE '%${q}%'`],
        ['text_pattern_ops LIKE q% (start of the whole name only)', `${name} LIKE '${q}%'`],
        ['full text, word prefix', `to_tsvector('simple'::regconfig, ${name}) @@ to_tsquery('simple', '${q}:*')`],
      ] as const) {
        await plan(database, `businesses "${q}": ${how}`, sql.raw(`SELECT v_uid FROM businesses WHERE d_deleted_at IS NULL AND ${cond} LIMIT 100`), false);
        await plan(database, `businesses "${q}": ${how}, counted`, sql.raw(`SELECT count(*) FROM businesses WHERE d_deleted_at IS NULL AND ${cond}`), false);
      }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
