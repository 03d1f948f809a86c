/** Card files in Spanish (issue 26 §2): templates, Spanish or English headers, Spanish field names, dates. */
import { CARD_FILES, FILE_DATE_MESSAGE } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { refused } from '../people';
import { generateStock, post, upload } from './cards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const template = (as: string, path: string) => t.call(as, { method: 'GET', url: `/api/v1/cards/template/${path}` });

describe('templates', () => {
  it.each([
    ['stock', SUPER, 'Número de tarjeta,CVV,Vigencia (MM/AA),NIP'],
    [
      'cardholders',
      BUSINESS,
      'Identificador del tarjetahabiente,Nombre(s),Primer apellido,Segundo apellido,Correo electrónico,Lada,Teléfono celular,CURP,RFC,Fecha de nacimiento',
    ],
    ['assignment', BUSINESS, 'Identificador del tarjetahabiente,Identificador de la tarjeta,Últimos 8 dígitos'],
    ['funding', BUSINESS, 'Identificador de la tarjeta,Identificador del tarjetahabiente,Monto'],
  ] as const)('the %s template has Spanish headers and an example row, as CSV and XLSX', async (kind, as, header) => {
    const csv = await template(as, kind);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${CARD_FILES[kind].fileName}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(2);
    const xlsx = await template(as, `${kind}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses the wrong role and an unknown template', async () => {
    refused(await template(BUSINESS, 'stock'), 403);
    refused(await template(WALLET, 'cardholders'), 403);
    refused(await template(SUPER, 'nada'), 400, 'Plantilla no válida');
    refused(await t.call(null, { method: 'GET', url: '/api/v1/cards/template/funding' }), 401);
  });
});

describe('cardholder files', () => {
  const file = (content: string, name = 'th.csv') => upload(t, BUSINESS, '/api/v1/cardholders/action/upload-csv', { name, content });

  it('reads the downloaded template as is', async () => {
    const csv = (await template(BUSINESS, 'cardholders')).body;
    const res = await file(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data, JSON.stringify(res.json().data.Errors)).toMatchObject({ TotalRecords: 1, CreatedRecords: 1, FailedRecords: 0 });
    const [row] = await t.sql<{ d: string }>(`SELECT d_birth_date::text AS d FROM cardholders WHERE v_identifier = 'TH0001'`);
    expect(row!.d).toBe('1990-05-17');
  });

  it('matches headers without case or accents, and still reads the old English ones', async () => {
    const spanish =
      'IDENTIFICADOR DEL TARJETAHABIENTE;nombre(s);PRIMER APELLIDO;correo electronico;telefono celular;fecha de nacimiento\nTHS1;Ana;Paz;ana.paz@ejemplo.mx;5511112222;01/02/1991\n';
    expect((await file(spanish)).json().data).toMatchObject({ CreatedRecords: 1, FailedRecords: 0 });
    const english = 'CardholderIdentifier,Names,LastName,Email,CellPhone,BirthDate\nTHE1,Eva,Luna,eva.luna@ejemplo.mx,5511113333,1992-03-04\n';
    expect((await file(english)).json().data).toMatchObject({ CreatedRecords: 1, FailedRecords: 0 });
  });

  it('names every field in Spanish and says which date format is expected', async () => {
    const csv =
      'Identificador del tarjetahabiente,Nombre(s),Primer apellido,Correo electrónico,Teléfono celular,Fecha de nacimiento\n' +
      'THX1,Luis,Mora,no-es-correo,5511111111,\n' +
      'THX2,Luis,Mora,luis.x2@ejemplo.mx,55111,\n' +
      'THX3,Luis,Mora,luis.x3@ejemplo.mx,5511111111,31/02/1990\n' +
      'THX4,Luis,Mora,luis.x4@ejemplo.mx,5511111111,1990/05/17\n';
    const before = await count(t, 'cardholders');
    const d = (await file(csv)).json().data;
    expect(d.Errors).toEqual([
      { Row: 2, Field: 'Correo electrónico', Message: 'Correo electrónico no válido' },
      { Row: 3, Field: 'Teléfono celular', Message: 'El teléfono debe tener 10 dígitos' },
      { Row: 4, Field: 'Fecha de nacimiento', Message: FILE_DATE_MESSAGE },
      { Row: 5, Field: 'Fecha de nacimiento', Message: FILE_DATE_MESSAGE },
    ]);
    expect(await count(t, 'cardholders')).toBe(before);
  });

  it('names a missing column by its Spanish header, writing nothing', async () => {
    const before = await count(t, 'cardholders');
    const res = await file('Nombre(s),Primer apellido\nAna,Paz\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Falta la columna «Correo electrónico»',
      'Falta la columna «Teléfono celular»',
    ]);
    expect(await count(t, 'cardholders')).toBe(before);
  });
});

describe('stock files', () => {
  it('reads a stock file with Spanish headers', async () => {
    const res = await upload(t, SUPER, '/api/v1/cards/action/upload-csv', {
      name: 'stock.csv',
      content: 'Número de tarjeta,CVV,Vigencia (MM/AA)\n4111111111111111,123,12/35\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.TotalRecords).toBe(1);
  });
});

describe('funding files', () => {
  it('names the amount «Monto» in a preview error', async () => {
    const res = await upload(
      t,
      BUSINESS,
      '/api/v1/transaction/cardholdermovements/load-funds-csv',
      { name: 'f.csv', content: 'Identificador del tarjetahabiente,Monto\nTHZZ,abc\n' },
      { Preview: 'true' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Errors[0]).toMatchObject({ Row: 2, Field: 'Monto' });
  });

  it('still refuses a staff-only stock call from a business', async () => {
    refused(await post(t, BUSINESS, '/api/v1/cards/cardbatchcreations/query/list', {}), 403);
  });
});

describe('assignment files', () => {
  it('reads Spanish headers and lists each row with the card as printed and a Spanish status', async () => {
    await generateStock(t, 2);
    await upload(t, BUSINESS, '/api/v1/cardholders/action/upload-csv', {
      name: 'th.csv',
      content: 'Identificador del tarjetahabiente,Nombre(s),Primer apellido,Correo electrónico,Teléfono celular\nTHM1,Ana,Paz,ana.m1@ejemplo.mx,5511117777\n',
    });
    const [card] = await t.sql<{ id: string }>(`SELECT v_card_identifier AS id FROM cards WHERE i_status = 1 LIMIT 1`);
    const res = await upload(t, BUSINESS, '/api/v1/cards/matchcards', {
      name: 'a.csv',
      content: `Identificador del tarjetahabiente,Identificador de la tarjeta\nTHM1,${card!.id}\nTHM1,NOEXISTE\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ MatchedRecords: 1, FailedRecords: 1 });
    const items = (await post(t, BUSINESS, '/api/v1/cards/cardbatchactivations/query/list', { ReferenceBatch: res.json().data.ReferenceBatch })).json().data
      .Records;
    expect(items.map((i: { StatusName: string }) => i.StatusName).sort()).toEqual(['Asignada', 'Con error']);
    const ok = items.find((i: { StatusName: string }) => i.StatusName === 'Asignada');
    expect(ok.MaskedPan).toMatch(/^\d{6}\*{6}\d{4}$/);
    const bad = items.find((i: { StatusName: string }) => i.StatusName === 'Con error');
    expect(bad).toMatchObject({ MaskedPan: null, CardIdentifier: 'NOEXISTE', ErrorMessage: 'Tarjeta no encontrada' });
  });
});
