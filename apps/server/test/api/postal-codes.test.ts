import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { multipart, refused } from '../people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOTICE = 'El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma gratuita para uso particular';
const HEADER =
  'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';
/** A CPdescarga.txt as SEPOMEX publishes it: ISO-8859-1, CRLF, two header lines. */
const sepomex = (rows: string[]) => Buffer.from([NOTICE, HEADER, ...rows, ''].join('\r\n'), 'latin1');
const ROWS = [
  '01000|San Ángel|Colonia|Álvaro Obregón|Ciudad de México|Ciudad de México|01001|09|01001||09|010|0001|Urbano|01',
  '01000|Tlacopac|Colonia|Álvaro Obregón|Ciudad de México|Ciudad de México|01001|09|01001||09|010|0005|Urbano|01',
  '06600|Juárez|Colonia|Cuauhtémoc|Ciudad de México|Ciudad de México|06601|09|06601||09|015|0035|Urbano|01',
  '20900|Jesús María Centro|Pueblo|Jesús María|Aguascalientes||20901|01|20901||28|005|0203|Rural|',
];

const upload = (email: string, content: Buffer, name = 'CPdescarga.txt') =>
  t.call(email, { method: 'POST', url: '/api/v1/postal-code/import', ...multipart({}, { name, content, type: 'text/plain' }) });

async function finished(id: string) {
  for (let i = 0; i < 200; i += 1) {
    const res = await t.call(SUPER, { method: 'GET', url: `/api/v1/postal-code/import/${id}` });
    const job = res.json().data;
    if (job.Status === 'finalizado' || job.Status === 'no-finalizado') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

describe('GET /api/v1/postal-code/{code}', () => {
  it('gives the colonies, municipality, city and state of a seeded code', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/06600' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ PostalCode: '06600', Municipality: 'Cuauhtémoc', City: 'Ciudad de México', State: 'Ciudad de México' });
    expect(res.json().data.Colonies).toContainEqual(expect.objectContaining({ Name: 'Juárez', SettlementType: 'Colonia' }));
  });

  it.each([
    ['06000', 'Cuauhtémoc', 'Ciudad de México'],
    ['06700', 'Cuauhtémoc', 'Ciudad de México'],
    ['03100', 'Benito Juárez', 'Ciudad de México'],
    ['11560', 'Miguel Hidalgo', 'Ciudad de México'],
    ['44100', 'Guadalajara', 'Jalisco'],
    ['44160', 'Guadalajara', 'Jalisco'],
    ['44600', 'Guadalajara', 'Jalisco'],
    ['64000', 'Monterrey', 'Nuevo León'],
    ['64620', 'Monterrey', 'Nuevo León'],
    ['66220', 'San Pedro Garza García', 'Nuevo León'],
  ])('seeds %s (%s, %s)', async (code, municipality, state) => {
    const res = await t.call(WALLET, { method: 'GET', url: `/api/v1/postal-code/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ Municipality: municipality, State: state });
    expect(res.json().data.Colonies.length).toBeGreaterThan(0);
  });

  it("answers an unknown code with 404 'No encontrado'", async () => {
    refused(await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/99999' }), 404, 'No encontrado');
  });

  it('refuses a code that is not five digits', async () => {
    refused(await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/6600' }), 400, 'El código postal debe tener 5 dígitos');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/postal-code/06600' })).statusCode).toBe(401);
  });
});

describe('SEPOMEX import', () => {
  it('imports an ISO-8859-1 file as a job, with progress, and keeps colony ids on re-import', async () => {
    const before = (await t.call(SUPER, { method: 'GET', url: '/api/v1/postal-code/06600' }))
      .json()
      .data.Colonies.find((c: { Name: string }) => c.Name === 'Juárez');
    const res = await upload(SUPER, sepomex(ROWS));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ FileName: 'CPdescarga.txt', Total: 4 });
    const job = await finished(res.json().data.Id);
    expect(job).toMatchObject({ Status: 'finalizado', Processed: 4, Total: 4, Error: null });

    const sanAngel = (await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/01000' })).json().data;
    expect(sanAngel).toMatchObject({ Municipality: 'Álvaro Obregón', State: 'Ciudad de México' });
    expect(sanAngel.Colonies.map((c: { Name: string }) => c.Name)).toEqual(['San Ángel', 'Tlacopac']);
    const rural = (await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/20900' })).json().data;
    expect(rural).toMatchObject({ Municipality: 'Jesús María', City: null, State: 'Aguascalientes' });
    expect(rural.Colonies[0]).toMatchObject({ Name: 'Jesús María Centro', SettlementType: 'Pueblo', Zone: 'Rural' });

    // The seeded Juárez was updated in place: same id, now with SEPOMEX's id_asenta_cpcons.
    const after = (await t.call(SUPER, { method: 'GET', url: '/api/v1/postal-code/06600' }))
      .json()
      .data.Colonies.find((c: { Name: string }) => c.Name === 'Juárez');
    expect(after.Id).toBe(before.Id);
    const [row] = await t.sql<{ i_asenta: number }>(`SELECT i_asenta FROM postal_colonies WHERE v_uid = $1`, [after.Id]);
    expect(row!.i_asenta).toBe(35);

    // Idempotent: the same file again changes nothing.
    const colonies = await count(t, 'postal_colonies');
    const codes = await count(t, 'postal_codes');
    const again = await upload(SUPER, sepomex(ROWS));
    expect((await finished(again.json().data.Id)).Status).toBe('finalizado');
    expect(await count(t, 'postal_colonies')).toBe(colonies);
    expect(await count(t, 'postal_codes')).toBe(codes);
    // The upload is not kept once its data is in the catalogue.
    expect(await count(t, 'postal_code_imports', 'v_file_uid IS NOT NULL AND v_status = $1', ['finalizado'])).toBe(0);
  });

  it('processes a large file in chunks and reports processed of total', async () => {
    const rows = Array.from(
      { length: 2500 },
      (_, i) =>
        `${String(90000 + Math.floor(i / 5)).padStart(5, '0')}|Colonia ${i}|Colonia|Municipio ${Math.floor(i / 5)}|Estado de Prueba|Ciudad|90001|32|90001||09|001|${String(i % 10000).padStart(4, '0')}|Urbano|01`,
    );
    const res = await upload(TECHFAR, sepomex(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Total).toBe(2500);
    const job = await finished(res.json().data.Id);
    expect(job).toMatchObject({ Status: 'finalizado', Processed: 2500 });
    expect(await count(t, 'postal_colonies', `v_code BETWEEN '90000' AND '90499'`)).toBe(2500);
    const list = await t.call(SUPER, { method: 'GET', url: '/api/v1/postal-code/import' });
    expect(list.json().data[0]).toMatchObject({ Id: job.Id, Processed: 2500 });
  });

  it.each([
    ['a short line', '06700|Roma Norte|Colonia|Cuauhtémoc', 'Línea 4: se esperaban 15 columnas y hay 4'],
    [
      'a bad postal code',
      '6700|Roma Norte|Colonia|Cuauhtémoc|Ciudad de México|Ciudad de México|06701|09|06701||09|015|0001|Urbano|01',
      'Línea 4: el código postal "6700" no es válido',
    ],
    [
      'a missing colony',
      '06700||Colonia|Cuauhtémoc|Ciudad de México|Ciudad de México|06701|09|06701||09|015|0001|Urbano|01',
      'Línea 4: falta el nombre del asentamiento',
    ],
  ])('refuses a file with %s, with its line number, and writes nothing', async (_what, bad, message) => {
    const [jobs, colonies] = [await count(t, 'postal_code_imports'), await count(t, 'postal_colonies')];
    const res = await upload(SUPER, sepomex([ROWS[0]!, bad, ROWS[2]!]));
    const body = refused(res, 400, message);
    expect(body.errors?.[0]).toMatchObject({ field: 'file', key: 'format' });
    expect(await count(t, 'postal_code_imports')).toBe(jobs);
    expect(await count(t, 'postal_colonies')).toBe(colonies);
  });

  it('refuses a file without the SEPOMEX header', async () => {
    refused(await upload(SUPER, Buffer.from('d_codigo,d_asenta\r\n06600,Juárez\r\n')), 400, 'Línea 2: el encabezado no corresponde al formato de SEPOMEX');
  });

  it('refuses another extension and an empty upload', async () => {
    refused(await upload(SUPER, sepomex(ROWS), 'CPdescarga.xls'), 400, 'Archivo no válido, solo se aceptan archivos .txt');
    refused(await t.call(SUPER, { method: 'POST', url: '/api/v1/postal-code/import', ...multipart({}) }), 400, 'Este campo es requerido');
  });

  it('is for staff only', async () => {
    refused(await upload(BUSINESS, sepomex(ROWS)), 403);
    refused(await upload(WALLET, sepomex(ROWS)), 403);
    refused(await t.call(BUSINESS, { method: 'GET', url: '/api/v1/postal-code/import' }), 403);
  });

  it('answers 404 for an unknown job', async () => {
    refused(await t.call(SUPER, { method: 'GET', url: '/api/v1/postal-code/import/5d0e1f40-0000-4000-8000-000000000099' }), 404, 'La importación no existe');
  });
});
