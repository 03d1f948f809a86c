// The plans behind docs/decisions/0034-search.md: the search statement on the realistic seed, as
// the server runs it (prepared, generic plan, no sequential scans) and as a custom plan with
// sequential scans allowed; then the alternatives for a name (trigram, text_pattern_ops, full text)
// on the same rows. PostgreSQL only (a scratch database, dropped after).
// Run: npm run bench:search-explain -w @far/bench
import { SEARCH_KINDS, type SearchKind } from '@far/contracts';
import { SEARCH_SETTINGS, openDatabase, paramValue, searchParams, searchQuery, type Database } from '@far/server';
import { benchDatabase } from '../lib/app';
import { scratchDatabase } from '../lib/load';
import { seedRealistic } from './seed';

const print = (title: string, rows: Array<Record<string, string>>) => console.log(`\n### ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);

/** EXPLAIN ANALYZE of the search's prepared statement with these values, with the server's settings or without. */
async function plan(
  database: Database,
  title: string,
  scope: { kind: 'FAR' | 'BUS'; client: string },
  q: string,
  kinds: readonly SearchKind[],
  asServed = true,
) {
  const client = await database.pool!.connect();
  try {
    await client.query('BEGIN');
    if (asServed) await client.query(SEARCH_SETTINGS);
    const values = searchParams(scope, q, 5);
    const built = searchQuery(scope, kinds, values);
    await client.query(`PREPARE far_explain AS ${built.sql}`);
    const args = built.params.map((p) => {
      const v = paramValue(p, values);
      return v === null ? 'NULL' : client.escapeLiteral(String(v));
    });
    print(title, (await client.query(`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) EXECUTE far_explain(${args.join(', ')})`)).rows);
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE ALL');
    client.release();
  }
}

async function main() {
  const scratch = await scratchDatabase('far_bench_explain');
  if (!scratch) return console.log('PostgreSQL not reachable');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    await benchDatabase(database);
    const { sampleRfc } = await seedRealistic(database, { businesses: 20_000, movements: 100_000, cards: 100_000 });
    const staff = { kind: 'FAR', client: 'FAR000001' } as const;
    const [demo] = await database.query<{ v_client: string }>('x', "SELECT v_client FROM users WHERE v_email = 'empresa@demo.mx'", []);
    await plan(database, 'search "FAR00005", movements, custom plan with sequential scans allowed', staff, 'FAR00005', ['movement'], false);
    for (const q of ['mart', 'grupo mart', sampleRfc.slice(0, 6), '1,234.50', '4321', 'FAR00005'])
      await plan(database, `search "${q}", staff, every kind`, staff, q, SEARCH_KINDS);
    await plan(database, 'search "mart", business user (its tenant), movements', { kind: 'BUS', client: demo!.v_client }, 'mart', ['movement']);
    // The alternatives for a name, on the businesses: each with the index it needs.
    const name = `far_norm(coalesce(v_company_name, '') || ' ' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, ''))`;
    await database.query('x', `CREATE INDEX alt_trgm ON businesses USING gin (${name} gin_trgm_ops) WHERE d_deleted_at IS NULL`, []);
    await database.query('x', `CREATE INDEX alt_prefix ON businesses (${name} text_pattern_ops) WHERE d_deleted_at IS NULL`, []);
    await database.query('x', 'ANALYZE businesses', []);
    for (const q of ['mart', 'ma'])
      for (const [how, cond] of [
        ['trigram ILIKE %q%', `${name} ILIKE '%${q}%'`],
        ['text_pattern_ops LIKE q% (start of the whole name only)', `${name} LIKE '${q}%'`],
        ['full text, word prefix', `to_tsvector('simple'::regconfig, ${name}) @@ to_tsquery('simple', '${q}:*')`],
      ] as const) {
        const explain = (body: string) => database.query<Record<string, string>>('x', `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${body}`, []);
        print(`businesses "${q}": ${how}`, await explain(`SELECT v_uid FROM businesses WHERE d_deleted_at IS NULL AND ${cond} LIMIT 100`));
        print(`businesses "${q}": ${how}, counted`, await explain(`SELECT count(*) FROM businesses WHERE d_deleted_at IS NULL AND ${cond}`));
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
