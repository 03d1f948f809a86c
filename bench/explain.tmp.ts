import { openDatabase } from '@far/server';
import { benchDatabase } from './lib/app';
import { scratchDatabase } from './lib/load';
const scratch = (await scratchDatabase('far_explain'))!;
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
await benchDatabase(database);
const [demo] = await database.query<{ v_uid: string }>('d', "SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'", []);
await database.query('b', `INSERT INTO businesses (v_client, v_uid_type_person, v_company_name, v_rfc, v_email, v_street, v_number_outside, v_zip_code, v_uid_colony,
       v_colony, v_municipality, v_state, v_account_number, v_uid_status, d_create_at)
     SELECT 'BUSX' || lpad(g::text, 6, '0'), b.v_uid_type_person, 'Empresa de prueba ' || g, 'BEN' || lpad(g::text, 9, '0'), 'empresa' || g || '@bench.mx',
       b.v_street, b.v_number_outside, b.v_zip_code, b.v_uid_colony, b.v_colony, b.v_municipality, b.v_state, '99' || lpad(g::text, 16, '0'), b.v_uid_status,
       now() - g * interval '1 minute'
     FROM generate_series(1, 20000) g, (SELECT * FROM businesses WHERE v_uid = $1) b`, [demo!.v_uid]);
await database.query('a', 'ANALYZE', []);
const c = await database.pool!.connect();
const T = `(coalesce(v_company_name, '') || E'\\n' || coalesce(v_names, '') || ' ' || coalesce(v_last_name_1, '') || ' ' || coalesce(v_last_name_2, '') || E'\\n' || v_rfc || E'\\n' || v_account_number || E'\\n' || v_email || E'\\n' || v_client)`;
for (const mode of ['force_custom_plan', 'force_generic_plan']) {
  await c.query(`SET plan_cache_mode = ${mode}`);
  await c.query('DEALLOCATE ALL');
  await c.query(`PREPARE s(text, int) AS SELECT v_uid FROM businesses WHERE d_deleted_at IS NULL AND ${T} ILIKE $1 ORDER BY d_create_at DESC, v_uid DESC LIMIT $2`);
  const r = await c.query(`EXPLAIN ANALYZE EXECUTE s('%prueba 1999%', 10)`);
  console.log(mode); for (const row of r.rows) console.log(row['QUERY PLAN']);
  const e = await c.query(`EXPLAIN ANALYZE SELECT 1 FROM businesses WHERE d_deleted_at IS NULL AND ${T} ILIKE '%prueba 1999%' LIMIT 1001`);
  for (const row of e.rows) console.log(row['QUERY PLAN']);
}
c.release();
console.log(process.env.KEEP ? scratch.url : '');
await database.close(); if (!process.env.KEEP) await scratch.drop(); else process.exit(0);
