import { STATUS_IDS, TYPES_CLARIFICATIONS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUserWithGrants, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let A: { v_uid: string; v_client: string }; // Comercializadora Demo (BUSINESS)
let B: { v_uid: string; v_client: string }; // Lucía Hernández Vega (BUSINESS_2)

interface Hit {
  Id: string;
  Title: string;
  Subtitle: string;
  Link: string;
  AmountCents: number | null;
}
interface Group {
  Kind: string;
  Label: string;
  Results: Hit[];
}

const search = (who: string, q: string, kinds?: string) =>
  t.call(who, { method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}${kinds ? `&kinds=${kinds}` : ''}` });
async function groups(who: string, q: string, kinds?: string): Promise<Group[]> {
  const res = await search(who, q, kinds);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.Groups;
}
const titles = async (who: string, q: string, kind: string) => (await groups(who, q, kind)).find((g) => g.Kind === kind)?.Results.map((r) => r.Title) ?? [];

/** One SPEI out of a business, as the bench seeds them. */
const movement = (b: { v_uid: string; v_client: string }, name: string, cents: number, tracking: string, clabe: string) =>
  t.sql(
    `INSERT INTO business_movements (v_uid_business, v_client, v_type, i_status, n_amount_cents, n_commission_cents, n_iva_cents, n_total_cents,
       d_operation_date, v_beneficiary_name, v_beneficiary_clabe, v_concept, v_tracking_key)
     VALUES ($1, $2, 'SPEI_OUT', 2, $3, 0, 0, $3, current_date, $4, $5, 'Pago de prueba', $6)`,
    [b.v_uid, b.v_client, cents, name, clabe, tracking],
  );

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.sql<{ v_uid: string; v_client: string; v_email: string }>(`SELECT v_uid, v_client, v_email FROM businesses`);
  A = rows.find((r) => r.v_email === BUSINESS)!;
  B = rows.find((r) => r.v_email === BUSINESS_2)!;
  await movement(A, 'Ñandú Importaciones', 123450, 'FARTRK0001ABC', '012180001234567891');
  await movement(B, 'Óscar Ibáñez', 99900, 'FARTRK0002XYZ', '002180009876543210');
  for (const [b, names, identifier, last4] of [
    [A, 'José Ángel', 'TH-A-0001', '4321'],
    [B, 'José Luis', 'TH-B-0001', '8765'],
  ] as const) {
    const [holder] = await t.sql<{ v_uid: string }>(
      `INSERT INTO cardholders (v_uid_business, v_client, v_identifier, v_names, v_last_name_1, v_email) VALUES ($1, $2, $3, $4, 'Pérez', $5) RETURNING v_uid`,
      [b.v_uid, b.v_client, identifier, names, `${identifier.toLowerCase()}@tarjetas.mx`],
    );
    await t.sql(
      `INSERT INTO cards (v_card_identifier, v_pan_hash, v_tail_hash, v_pan_first6, v_pan_last4, t_pan_enc, t_cvv_enc, t_pin_enc, v_valid_date, i_status,
         v_reference_batch, i_batch_row, v_uid_business, v_uid_cardholder)
       VALUES ($1, $1, $1, '516789', $2, 'x', 'x', 'x', '12/30', 2, 'LOTE-BUSQUEDA', $3, $4, $5)`,
      [`CARD-${identifier}`, last4, last4 === '4321' ? 1 : 2, b.v_uid, holder!.v_uid],
    );
  }
  const [user] = await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [BUSINESS]);
  await t.sql(
    `INSERT INTO dispersions (v_uid_business, v_client, v_file_name, v_concept, n_total_amount_cents, n_total_taxes_cents, n_total_import_cents, i_status, i_rows, v_uid_user)
     VALUES ($1, $2, 'nómina_quincena.csv', 'Nómina de marzo', 500000, 0, 500000, 3, 2, $3)`,
    [A.v_uid, A.v_client, user!.v_uid],
  );
  await t.sql(
    `INSERT INTO clarifications (v_num_sheet, v_uid_type_clarification, v_uid_user, v_client, t_comment, v_uid_status, d_due_at)
     VALUES ('ACL-2026-990001', $1, $2, $3, 'Un cargo que no reconozco', $4, now() + interval '3 days')`,
    [TYPES_CLARIFICATIONS[0]!.v_uid, user!.v_uid, A.v_client, STATUS_IDS.activo],
  );
});
afterAll(() => t.close());

describe('the one search (issue 27)', () => {
  it('ignores accents and case, and matches the start of words', async () => {
    expect(await titles(SUPER, 'lucia hernandez', 'business')).toEqual(['Lucía Hernández Vega']);
    expect(await titles(SUPER, 'LUCÍA', 'business')).toEqual(['Lucía Hernández Vega']);
    expect(await titles(SUPER, 'comer', 'business')).toEqual(['Comercializadora Demo SA de CV']);
    expect(await titles(SUPER, 'dem', 'business')).toEqual(['Comercializadora Demo SA de CV']);
    expect(await titles(SUPER, 'nandu', 'movement')).toEqual(['Ñandú Importaciones']);
    expect(await titles(SUPER, 'oscar iba', 'movement')).toEqual(['Óscar Ibáñez']);
    expect(await titles(SUPER, 'mendez', 'staff')).toEqual(['Carlos Méndez Luna']);
    expect(await titles(SUPER, 'nomina', 'dispersion')).toEqual(['nómina_quincena.csv']);
    // A word is matched from its start only: "ercializ" is inside a word.
    expect(await titles(SUPER, 'ercializ', 'business')).toEqual([]);
  });

  it('finds each key by its start or whole: RFC, CURP, client number, CLABE, tracking key, folio, e-mail, identifier', async () => {
    const link = async (q: string, kind: string) => (await groups(SUPER, q, kind))[0]?.Results[0]?.Link;
    expect(await link('CDE190', 'business')).toBe(`/user/business/${A.v_uid}`);
    expect(await link('cde190312ab6', 'business')).toBe(`/user/business/${A.v_uid}`);
    expect(await link('HEVL850214MDF', 'business')).toBe(`/user/business/${B.v_uid}`);
    expect(await link(B.v_client, 'business')).toBe(`/user/business/${B.v_uid}`);
    expect(await titles(SUPER, '0121800012', 'movement')).toEqual(['Ñandú Importaciones']);
    expect(await titles(SUPER, 'fartrk0002', 'movement')).toEqual(['Óscar Ibáñez']);
    expect(await titles(SUPER, 'ACL-2026-9900', 'clarification')).toEqual(['ACL-2026-990001']);
    expect(await titles(SUPER, 'negocio@', 'businessUser')).toEqual(['Lucía Hernández Vega']);
    expect(await titles(SUPER, 'th-b-0', 'cardholder')).toEqual(['José Luis Pérez']);
    expect(await titles(SUPER, 'jose', 'cardholder')).toEqual(expect.arrayContaining(['José Ángel Pérez', 'José Luis Pérez']));
  });

  it('finds a card by its last four or masked number, and an amount exactly as typed in pesos', async () => {
    expect(await titles(SUPER, '4321', 'card')).toEqual(['516789******4321']);
    expect(await titles(SUPER, '516789******8765', 'card')).toEqual(['516789******8765']);
    expect(await titles(SUPER, '**** 8765', 'card')).toEqual(['516789******8765']);
    expect(await titles(SUPER, '000000******8765', 'card')).toEqual([]);
    for (const typed of ['1,234.50', '1234.5', '$1,234.50']) expect(await titles(SUPER, typed, 'movement')).toEqual(['Ñandú Importaciones']);
    expect(await titles(SUPER, '1234.51', 'movement')).toEqual([]);
    const [hit] = (await groups(SUPER, '999', 'movement'))[0]!.Results;
    expect(hit).toMatchObject({ Title: 'Óscar Ibáñez', AmountCents: 99900, Link: `/user/business/${B.v_uid}` });
  });

  it('groups by kind with Spanish labels, best first', async () => {
    const found = await groups(SUPER, 'jose');
    expect(found.map((g) => [g.Kind, g.Label])).toEqual([['cardholder', 'Tarjetahabientes']]);
    // An exact RFC before a mere word match.
    const moral = await t.sql<{ v_rfc: string }>(`SELECT v_rfc FROM businesses WHERE v_uid = $1`, [A.v_uid]);
    expect((await groups(SUPER, moral[0]!.v_rfc, 'business'))[0]!.Results[0]!.Link).toBe(`/user/business/${A.v_uid}`);
  });

  it('ranks a name that starts with the text before a name that only has a word so, newest first within each', async () => {
    for (const [names, last, identifier] of [
      ['Ángeles', 'Mora', 'TH-A-0101'],
      ['Ximena', 'Ángeles', 'TH-A-0102'],
    ] as const)
      await t.sql(`INSERT INTO cardholders (v_uid_business, v_client, v_identifier, v_names, v_last_name_1, v_email) VALUES ($1, $2, $3, $4, $5, $6)`, [
        A.v_uid,
        A.v_client,
        identifier,
        names,
        last,
        `${identifier.toLowerCase()}@tarjetas.mx`,
      ]);
    // «Ximena Ángeles» is the newest and «José Ángel Pérez» has a word so too, but only «Ángeles Mora» starts so.
    expect(await titles(SUPER, 'ange', 'cardholder')).toEqual(['Ángeles Mora', 'Ximena Ángeles', 'José Ángel Pérez']);
    expect(await titles(BUSINESS_2, 'ange', 'cardholder')).toEqual([]);
    // An exact identifier comes before both.
    expect((await titles(SUPER, 'th-a-0102', 'cardholder'))[0]).toBe('Ximena Ángeles');
  });

  it("never returns another tenant's objects to a business user", async () => {
    expect(await titles(BUSINESS, 'jose', 'cardholder')).toEqual(['José Ángel Pérez']);
    expect(await titles(BUSINESS_2, 'jose', 'cardholder')).toEqual(['José Luis Pérez']);
    expect(await titles(BUSINESS_2, 'nandu', 'movement')).toEqual([]);
    expect(await titles(BUSINESS_2, '1,234.50', 'movement')).toEqual([]);
    expect(await titles(BUSINESS_2, '4321', 'card')).toEqual([]);
    expect(await titles(BUSINESS_2, 'ACL-2026', 'clarification')).toEqual([]);
    expect(await titles(BUSINESS_2, 'nomina', 'dispersion')).toEqual([]);
    expect(await titles(BUSINESS_2, 'comer', 'businessUser')).toEqual([]);
    expect(await titles(BUSINESS, 'nandu', 'movement')).toEqual(['Ñandú Importaciones']);
    const own = (await groups(BUSINESS, '4321', 'card'))[0]!.Results[0]!;
    expect(own.Link).toMatch(/^\/account\/cards\//);
    // Businesses, staff and wallet users are staff's screens: a business user gets none of them.
    expect(await groups(BUSINESS, 'lucia')).toEqual([]);
    expect(await groups(BUSINESS, 'carlos')).toEqual([]);
  });

  it('answers a kind only to who may open its screen', async () => {
    // A staff role without Cuentas Business: no businesses, their users, cardholders, movements or dispersions.
    await addUserWithGrants(t, 'sin-empresas@far.mx', TECHFAR, { except: ['/user/business'] });
    expect(await groups('sin-empresas@far.mx', 'lucia')).toEqual([]);
    expect(await groups('sin-empresas@far.mx', 'nandu')).toEqual([]);
    expect(await titles('sin-empresas@far.mx', 'mendez', 'staff')).toEqual(['Carlos Méndez Luna']);
    // Asking for the kind by name changes nothing.
    expect(await groups('sin-empresas@far.mx', 'CDE190', 'business')).toEqual([]);
    // Wallet users have no search.
    expect((await search(WALLET, 'diego')).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: '/api/v1/search?q=demo' })).statusCode).toBe(401);
  });

  it('refuses empty, too short, too long and unknown-kind searches in Spanish', async () => {
    const message = async (url: string) => {
      const res = await t.call(SUPER, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      return JSON.stringify(res.json());
    };
    expect(await message('/api/v1/search')).toContain('Escribe qué buscar');
    expect(await message('/api/v1/search?q=%20%20')).toContain('Escribe al menos 2 caracteres para buscar');
    expect(await message('/api/v1/search?q=a')).toContain('Escribe al menos 2 caracteres para buscar');
    expect(await message(`/api/v1/search?q=${'a'.repeat(101)}`)).toContain('La búsqueda admite máximo 100 caracteres');
    expect(await message('/api/v1/search?q=demo&kinds=business,planetas')).toContain('Tipo de búsqueda no válido: planetas');
    // Characters that mean something to LIKE or to_tsquery are only text.
    for (const q of ['%%', '__', "a' | b", '!!', ':*', '\\\\']) expect((await search(SUPER, q)).statusCode).toBe(200);
  });

  it('the business list searches with the same matcher', async () => {
    const list = async (Search: string) =>
      (await t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/business/query/list', payload: { Search } }))
        .json()
        .data.Records.map((r: { Name: string }) => r.Name);
    expect(await list('lucia')).toEqual(['Lucía Hernández Vega']);
    expect(await list('CDE19')).toEqual(['Comercializadora Demo SA de CV']);
    expect(await list('empresa@demo')).toEqual(['Comercializadora Demo SA de CV']);
  });
});
