// Realistic bulk data for the list and search benchmarks (issue 27): Spanish company and person
// names from faker's es_MX locale (fixed seed: every run has the same rows), RFCs, CURPs, CLABEs,
// tracking keys and amounts of the right shapes. Inserted in chunks through unnest(), so PGlite and
// PostgreSQL take the same statements.
import { fakerES_MX as faker } from '@faker-js/faker';
import { TYPE_PERSON_IDS } from '@far/contracts';
import type { Database } from '@far/server';

const CHUNK = 5_000;
const LETTERS = /[^A-Z]/g;
const letters = (s: string, n: number) => (s.normalize('NFD').toUpperCase().replace(LETTERS, '') + 'XXXX').slice(0, n);
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const digits = (n: number) => Array.from({ length: n }, () => faker.number.int(9)).join('');
/** YYMMDD of a plausible founding or birth date. */
const yymmdd = () => {
  const d = faker.date.between({ from: '1950-01-01', to: '2020-12-31' });
  return `${pad(d.getFullYear() % 100, 2)}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}`;
};
/** A unique three-character homoclave from the row number (base 36). */
const homoclave = (i: number) => i.toString(36).toUpperCase().padStart(3, '0').slice(-3);
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')
    .slice(0, 30);

async function insertChunks(database: Database, name: string, text: string, columns: unknown[][]) {
  const rows = columns[0]!.length;
  for (let from = 0; from < rows; from += CHUNK)
    await database.query(
      name,
      text,
      columns.map((c) => c.slice(from, from + CHUNK)),
    );
}

export interface Seeded {
  demoBusinessId: string;
  /** A seeded business's RFC: the search bench types its first characters. */
  sampleRfc: string;
}

/**
 * `businesses` businesses (a third personas físicas), `movements` SPEI outs of the demo business,
 * `cards` cards of `cards / 5` cardholders spread over the first businesses and the demo one.
 */
export async function seedRealistic(
  database: Database,
  { businesses, movements, cards }: { businesses: number; movements: number; cards: number },
): Promise<Seeded> {
  faker.seed(27);
  const [demo] = await database.query<{ v_uid: string; v_client: string }>(
    'bench_demo',
    "SELECT b.v_uid, b.v_client FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = 'empresa@demo.mx'",
    [],
  );
  if (!demo) throw new Error('no demo business');

  const b = { client: [] as string[], type: [] as string[], company: [] as (string | null)[], names: [] as (string | null)[], last1: [] as (string | null)[] };
  const b2 = {
    last2: [] as (string | null)[],
    rfc: [] as string[],
    curp: [] as (string | null)[],
    email: [] as string[],
    account: [] as string[],
    n: [] as number[],
  };
  for (let i = 1; i <= businesses; i++) {
    const fisica = i % 3 === 0;
    const first = faker.person.firstName();
    const l1 = faker.person.lastName();
    const l2 = faker.person.lastName();
    const company = fisica ? null : faker.company.name();
    const date = yymmdd();
    b.client.push(`BUSX${pad(i, 6)}`);
    b.type.push(fisica ? TYPE_PERSON_IDS.fisica : TYPE_PERSON_IDS.moral);
    b.company.push(company);
    b.names.push(fisica ? first : null);
    b.last1.push(fisica ? l1 : null);
    b2.last2.push(fisica ? l2 : null);
    b2.rfc.push(fisica ? `${letters(l1, 2)}${letters(l2, 1)}${letters(first, 1)}${date}${homoclave(i)}` : `${letters(company!, 3)}${date}${homoclave(i)}`);
    b2.curp.push(
      fisica
        ? `${letters(l1, 2)}${letters(l2, 1)}${letters(first, 1)}${date}${faker.helpers.arrayElement(['H', 'M'])}DF${letters(faker.person.lastName(), 3)}0${i % 10}`
        : null,
    );
    b2.email.push(`${slug(company ?? `${first} ${l1}`)}.${i}@${faker.helpers.arrayElement(['gmail.com', 'empresa.mx', 'outlook.com', 'prodigy.net.mx'])}`);
    b2.account.push(`646180${pad(i, 11)}${i % 10}`);
    b2.n.push(i);
  }
  await insertChunks(
    database,
    'bench_businesses',
    `INSERT INTO businesses (v_client, v_uid_type_person, v_company_name, v_names, v_last_name_1, v_last_name_2, v_rfc, v_curp, v_email, v_street, v_number_outside,
       v_zip_code, v_uid_colony, v_colony, v_municipality, v_state, v_account_number, v_uid_status, d_create_at)
     SELECT x.client, x.tp::uuid, x.company, x.names, x.l1, x.l2, x.rfc, x.curp, x.email, b.v_street, b.v_number_outside, b.v_zip_code, b.v_uid_colony, b.v_colony,
       b.v_municipality, b.v_state, x.account, b.v_uid_status, now() - x.n * interval '1 minute'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[])
       AS x(client, tp, company, names, l1, l2, rfc, curp, email, account, n),
       (SELECT * FROM businesses WHERE v_uid = '${demo.v_uid}') b`,
    [b.client, b.type, b.company, b.names, b.last1, b2.last2, b2.rfc, b2.curp, b2.email, b2.account, b2.n],
  );

  const m = { name: [] as string[], clabe: [] as string[], amount: [] as string[], tracking: [] as string[], concept: [] as string[], n: [] as number[] };
  for (let i = 1; i <= movements; i++) {
    m.name.push(i % 4 === 0 ? faker.company.name() : faker.person.fullName());
    m.clabe.push(`${faker.helpers.arrayElement(['002', '012', '014', '021', '030', '036', '044', '072', '127', '137', '646'])}${digits(15)}`);
    // Amounts as people send them: many round, most with cents; integer cents, no floats.
    m.amount.push(String(i % 5 === 0 ? faker.number.int({ min: 1, max: 50_000 }) * 100 : faker.number.int({ min: 1_000, max: 5_000_000 })));
    m.tracking.push(`FAR${pad(i, 9)}${digits(6)}`);
    m.concept.push(faker.helpers.arrayElement(['Pago de factura', 'Nómina', 'Renta', 'Proveedores', 'Reembolso', 'Honorarios']) + ` ${faker.number.int(999)}`);
    m.n.push(i);
  }
  await insertChunks(
    database,
    'bench_movements',
    `INSERT INTO business_movements (v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
       d_operation_date, d_create_at, v_beneficiary_name, v_beneficiary_clabe, v_concept, v_reference, v_tracking_key)
     SELECT '${demo.v_uid}', '${demo.v_client}', 'SPEI_OUT', 2, x.amount::bigint, 500, 80, x.amount::bigint + 580, (now() - x.n * interval '1 minute')::date,
       now() - x.n * interval '1 minute', x.name, x.clabe, x.concept, lpad((x.n % 9999999)::text, 7, '0'), x.tracking
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) AS x(name, clabe, amount, tracking, concept, n)`,
    [m.name, m.clabe, m.amount, m.tracking, m.concept, m.n],
  );

  // Cardholders: the demo business's first, then the seeded businesses', five cards each.
  const holders = Math.max(1, Math.floor(cards / 5));
  const h = { owner: [] as number[], id: [] as string[], names: [] as string[], last1: [] as string[], last2: [] as string[], email: [] as string[] };
  for (let i = 1; i <= holders; i++) {
    const names = faker.person.firstName();
    const last1 = faker.person.lastName();
    h.owner.push(i % 10 === 0 ? 0 : (i % Math.min(businesses, 2_000)) + 1);
    h.id.push(`TH${pad(i, 8)}`);
    h.names.push(names);
    h.last1.push(last1);
    h.last2.push(faker.person.lastName());
    h.email.push(`${slug(`${names} ${last1}`)}.${i}@correo.mx`);
  }
  await insertChunks(
    database,
    'bench_cardholders',
    `INSERT INTO cardholders (v_uid_business, v_client, v_identifier, v_names, v_last_name_1, v_last_name_2, v_email)
     SELECT b.v_uid, b.v_client, x.id, x.names, x.last1, x.last2, x.email
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(owner, id, names, last1, last2, email)
     JOIN businesses b ON b.v_client = CASE WHEN x.owner = 0 THEN '${demo.v_client}' ELSE 'BUSX' || lpad(x.owner::text, 6, '0') END`,
    [h.owner, h.id, h.names, h.last1, h.last2, h.email],
  );
  const c = { holder: [] as string[], last4: [] as string[], n: [] as number[] };
  for (let i = 1; i <= cards; i++) {
    c.holder.push(`TH${pad(((i - 1) % holders) + 1, 8)}`);
    c.last4.push(digits(4));
    c.n.push(i);
  }
  await insertChunks(
    database,
    'bench_cards',
    `INSERT INTO cards (v_card_identifier, v_pan_hash, v_tail_hash, v_pan_first6, v_pan_last4, t_pan_enc, t_cvv_enc, t_pin_enc, v_valid_date, i_status,
       v_reference_batch, i_batch_row, v_uid_business, v_uid_cardholder)
     SELECT 'CARD' || lpad(x.n::text, 9, '0'), 'bench-pan-' || x.n, 'bench-tail-' || x.n, '516789', x.last4, 'x', 'x', 'x', '12/30', 2, 'BENCH', x.n, h.v_uid_business, h.v_uid
     FROM unnest($1::text[], $2::text[], $3::int[]) AS x(holder, last4, n) JOIN cardholders h ON h.v_identifier = x.holder`,
    [c.holder, c.last4, c.n],
  );
  // As a live database is after autovacuum: GIN pending lists merged (a bulk insert leaves them long, and every search reads them whole), statistics fresh.
  await database.query('bench_vacuum', 'VACUUM ANALYZE', []);
  return { demoBusinessId: demo.v_uid, sampleRfc: b2.rfc[Math.floor(businesses / 2)]! };
}
