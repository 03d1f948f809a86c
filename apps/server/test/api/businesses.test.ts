import { ROLE_IDS, STATUS_IDS, TYPE_PERSON_IDS, validateClabe } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBusinessActive } from '../../src/modules/businesses';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, freshToken, signin, withToken, type TestApp } from '../helpers';
import {
  colonyId,
  curpFor,
  email,
  fisicaBusiness,
  fisicaRfc,
  moralBusiness,
  moralRfc,
  multipart,
  pdf,
  refused,
  temporaryPassword,
  wrongDigit,
} from '../people';

let t: TestApp;
let A: string; // Comercializadora Demo (persona moral), user BUSINESS
let B: string; // Lucía Hernández Vega (persona física), user BUSINESS_2
beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.sql<{ v_uid: string; v_email: string }>(`SELECT v_uid, v_email FROM businesses`);
  A = ids.find((r) => r.v_email === BUSINESS)!.v_uid;
  B = ids.find((r) => r.v_email === BUSINESS_2)!.v_uid;
});
afterAll(() => t.close());

const biz = (who: string, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  t.call(who, { method, url: `/api/v1/profiles/business/${path}`, payload: payload as object });
const counts = async () => [await count(t, 'businesses'), await count(t, 'users'), await count(t, 'outbox'), await count(t, 'log_user')];

/** A new pending persona moral, created by staff. */
async function newMoral(overrides: Record<string, unknown> = {}) {
  const res = await biz(SUPER, 'action/create', await moralBusiness(t, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Id: string; Email: string; AccountNumber: string; FirstUser: { Id: string; Email: string } };
}

describe('business list', () => {
  it('has exactly the fields of spec §3, with the demo businesses active and with their CLABE', async () => {
    const res = await biz(TECHFAR, 'query/list', { Page: 1, Size: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().data.Records as Array<Record<string, unknown>>;
    expect(Object.keys(records[0]!).sort()).toEqual(['AccountNumber', 'CreationDate', 'Id', 'Name', 'RegisteredUsers', 'Status']);
    const demo = records.find((r) => r.Id === A)!;
    expect(demo).toMatchObject({ Name: 'Comercializadora Demo SA de CV', RegisteredUsers: 1, Status: { Id: STATUS_IDS.activo, Name: 'activo' } });
    expect(validateClabe(demo.AccountNumber as string)).toMatchObject({ ok: true, bankCode: '646' });
    expect(records.find((r) => r.Id === B)).toMatchObject({ Name: 'Lucía Hernández Vega' });
  });

  it('searches (by RFC too) and filters by status', async () => {
    expect((await biz(SUPER, 'query/list', { Search: 'HEVL850214' })).json().data.Records.map((r: { Id: string }) => r.Id)).toEqual([B]);
    expect((await biz(SUPER, 'query/list', { Status: 'bloqueado' })).json().data.Records).toEqual([]);
  });

  it('is for staff', async () => {
    refused(await biz(BUSINESS, 'query/list', {}), 403);
    refused(await biz(WALLET, 'query/list', {}), 403);
  });
});

describe('creating a business', () => {
  it('creates a pending persona moral with its own CLABE and a first user who gets a temporary password', async () => {
    const body = await moralBusiness(t);
    const res = await biz(SUPER, 'action/create', body);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      TypePerson: TYPE_PERSON_IDS.moral,
      CompanyName: body.CompanyName,
      Name: null,
      LastName: null,
      Rfc: body.Rfc,
      Curp: null,
      Mobile: null,
      Street: 'Paseo de la Reforma',
      ExteriorNumber: '300',
      InteriorNumber: 'Piso 2',
      PostalCode: '06600',
      NeighborhoodId: body.NeighborhoodId,
      Neighborhood: 'Juárez',
      Municipality: 'Cuauhtémoc',
      City: 'Ciudad de México',
      State: 'Ciudad de México',
      RegisteredUsers: 1,
      Status: { Id: STATUS_IDS.pendiente, Name: 'pendiente' },
      ActivedAt: null,
      FirstUser: { Email: body.Email },
    });
    expect(d.AccountNumber).toMatch(/^6461802490\d{8}$/);
    expect(validateClabe(d.AccountNumber).ok).toBe(true);
    const [user] = await t.sql<{ v_client: string; v_uid_role: string; b_must_change_password: boolean }>(
      `SELECT v_client, v_uid_role, b_must_change_password FROM users WHERE v_uid = $1`,
      [d.FirstUser.Id],
    );
    expect(user).toEqual({ v_client: d.ClientNumber, v_uid_role: ROLE_IDS.business, b_must_change_password: true });
    // The first user signs in with the e-mailed password and must change it.
    const login = await signin(t, body.Email, await temporaryPassword(t, body.Email));
    expect(login.json().data).toMatchObject({ AllowAccess: true, MustChangePassword: true });
  });

  it('creates a persona física with a separate first user; each business gets the next CLABE', async () => {
    const first = email('primer');
    const res = await biz(TECHFAR, 'action/create', await fisicaBusiness(t, { FirstUser: { Name: 'Pedro', LastName: 'Gómez', Email: first } }));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ TypePerson: TYPE_PERSON_IDS.fisica, Name: 'Lucía', LastName: 'Hernández', Mobile: '5512345678', FirstUser: { Email: first } });
    expect(await temporaryPassword(t, first)).toBeTruthy();
    const other = await newMoral();
    expect(Number(other.AccountNumber.slice(10, 17))).toBe(Number(d.AccountNumber.slice(10, 17)) + 1);
  });

  it.each([
    ['a persona moral with last names', async () => moralBusiness(t, { LastName: 'Pérez' }), 'LastName', 'No aplica para persona moral'],
    ['a persona moral with a mobile', async () => moralBusiness(t, { Mobile: '5512345678' }), 'Mobile', 'No aplica para persona moral'],
    ['a persona moral without company name', async () => moralBusiness(t, { CompanyName: '' }), 'CompanyName', 'Este campo es requerido'],
    ['a persona moral with a 13-character RFC', async () => moralBusiness(t, { Rfc: fisicaRfc() }), 'Rfc', 'El RFC debe tener 12 caracteres'],
    ['a persona física with a 12-character RFC', async () => fisicaBusiness(t, { Rfc: moralRfc('850214') }), 'Rfc', 'El RFC debe tener 13 caracteres'],
    ['an RFC of a bad format', async () => moralBusiness(t, { Rfc: 'AB1190312AB6' }), 'Rfc', 'Formato de RFC no válido'],
    ['an RFC with an impossible date', async () => moralBusiness(t, { Rfc: moralRfc('191332') }), 'Rfc', 'La fecha del RFC no es válida'],
    ['a generic RFC', async () => fisicaBusiness(t, { Rfc: 'XAXX010101000' }), 'Rfc', 'No se acepta un RFC genérico para una empresa'],
    ['a persona física without CURP', async () => fisicaBusiness(t, { Curp: '' }), 'Curp', 'Este campo es requerido'],
    [
      'a CURP with a wrong check digit',
      async () => fisicaBusiness(t, { Curp: wrongDigit(curpFor()) }),
      'Curp',
      'El dígito verificador de la CURP no es válido',
    ],
    ['a CURP of the wrong length', async () => fisicaBusiness(t, { Curp: 'HEVL850214MDFRGC' }), 'Curp', 'La CURP debe tener 18 caracteres'],
    [
      'an RFC and a CURP of different birth dates',
      async () => fisicaBusiness(t, { Curp: curpFor('850215') }),
      'Rfc',
      'La fecha del RFC no coincide con la de la CURP',
    ],
    ['an unknown postal code', async () => moralBusiness(t, { PostalCode: '99999' }), 'PostalCode', 'No encontrado'],
    [
      'a colony of another postal code',
      async () => moralBusiness(t, { NeighborhoodId: await colonyId(t, '06700') }),
      'NeighborhoodId',
      'La colonia no corresponde al código postal',
    ],
    [
      'an e-mail whose local part passes 64 characters',
      async () => moralBusiness(t, { Email: `${'x'.repeat(65)}@demo.mx` }),
      'Email',
      'Correo electrónico no válido',
    ],
    [
      'an e-mail longer than 254 characters',
      async () => moralBusiness(t, { Email: `x@${'d'.repeat(250)}.mx` }),
      'Email',
      'Debe contener máximo 254 caracteres',
    ],
    [
      'an unknown kind of person',
      async () => moralBusiness(t, { TypePerson: '4b8c9d20-0000-4000-8000-000000000009' }),
      'TypePerson',
      'Tipo de persona no válido',
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, build, field, message) => {
    const before = await counts();
    const body = refused(await biz(SUPER, 'action/create', await build()), 400, message);
    expect(body.errors?.map((e) => e.field)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('reports every bad field at once', async () => {
    const body = refused(await biz(SUPER, 'action/create', await moralBusiness(t, { LastName: 'X', Rfc: fisicaRfc(), PostalCode: '99999' })), 400);
    expect(body.errors?.map((e) => e.field)).toEqual(['LastName', 'Rfc', 'PostalCode']);
  });

  it('asks to confirm an RFC whose check digit does not match (422), and accepts it confirmed', async () => {
    const rfc = wrongDigit(moralRfc());
    const before = await counts();
    const res = refused(await biz(SUPER, 'action/create', await moralBusiness(t, { Rfc: rfc })), 422, 'El dígito verificador del RFC no coincide');
    expect(res.data).toEqual({
      RequiresConfirmation: true,
      Warnings: [{ field: 'Rfc', key: 'checkDigit', message: 'El dígito verificador del RFC no coincide' }],
    });
    expect(await counts()).toEqual(before);
    const ok = await biz(SUPER, 'action/create', await moralBusiness(t, { Rfc: rfc, ConfirmRfcWarning: true }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.Rfc).toBe(rfc);
  });

  it('refuses an RFC already registered (409) and a taken first-user e-mail (409)', async () => {
    const rfc = moralRfc();
    await newMoral({ Rfc: rfc });
    refused(await biz(SUPER, 'action/create', await moralBusiness(t, { Rfc: rfc })), 409, 'Ya existe una empresa con ese RFC');
    const before = await counts();
    refused(await biz(SUPER, 'action/create', await moralBusiness(t, { Email: BUSINESS_2 })), 409, 'Ya existe un usuario con ese correo electrónico');
    expect(await counts()).toEqual(before);
  });

  it('is for staff with Agregar', async () => {
    refused(await biz(BUSINESS, 'action/create', await moralBusiness(t)), 403);
    refused(await biz(WALLET, 'action/create', await moralBusiness(t)), 403);
  });
});

describe('reading a business', () => {
  it('staff read any; a business reads only its own (another is 404); wallet users none', async () => {
    expect((await biz(SUPER, 'query/getbyid', { Id: B })).json().data).toMatchObject({ Id: B, Curp: 'HEVL850214MDFRGC07', Rfc: 'HEVL850214QX9' });
    expect((await biz(BUSINESS, 'query/getbyid', { Id: A })).json().data).toMatchObject({ Id: A, CompanyName: 'Comercializadora Demo SA de CV' });
    refused(await biz(BUSINESS, 'query/getbyid', { Id: B }), 404, 'La empresa no existe');
    refused(await biz(BUSINESS_2, 'query/getbyid', { Id: A }), 404);
    refused(await biz(WALLET, 'query/getbyid', { Id: A }), 403);
  });

  it('by e-mail: the business’s own or one of its users’', async () => {
    expect((await biz(SUPER, 'query/getbyemail', { Email: BUSINESS })).json().data.Id).toBe(A);
    const d = await newMoral({ FirstUser: { Name: 'Rosa', Email: email('rosa') } });
    expect((await biz(SUPER, 'query/getbyemail', { Email: d.FirstUser.Email })).json().data.Id).toBe(d.Id);
    refused(await biz(SUPER, 'query/getbyemail', { Email: WALLET }), 404);
    refused(await biz(BUSINESS, 'query/getbyemail', { Email: BUSINESS }), 403);
  });
});

describe('updating a business', () => {
  it('replaces the fields, takes the place from the postal code and keeps the kind of person', async () => {
    const d = await newMoral();
    const body = await moralBusiness(t, {
      Id: d.Id,
      Rfc: (await biz(SUPER, 'query/getbyid', { Id: d.Id })).json().data.Rfc,
      PostalCode: '44160',
      NeighborhoodId: await colonyId(t, '44160'),
      Street: 'Av. Chapultepec',
    });
    const res = await biz(SUPER, 'action/update', body, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      Street: 'Av. Chapultepec',
      PostalCode: '44160',
      Neighborhood: 'Americana',
      Municipality: 'Guadalajara',
      State: 'Jalisco',
      AccountNumber: d.AccountNumber,
    });
    refused(
      await biz(
        SUPER,
        'action/update',
        { ...body, TypePerson: TYPE_PERSON_IDS.fisica, CompanyName: undefined, Name: 'Ana', LastName: 'Ruiz', Curp: curpFor(), Rfc: fisicaRfc() },
        'PUT',
      ),
      422,
      'El tipo de persona no se puede cambiar',
    );
    // A changed RFC with a wrong check digit needs the confirmation again.
    refused(await biz(SUPER, 'action/update', { ...body, Rfc: wrongDigit(moralRfc()) }, 'PUT'), 422, 'El dígito verificador del RFC no coincide');
    refused(await biz(BUSINESS, 'action/update', body, 'PUT'), 403);
  });

  it('assigns a unique CustomerId (businesses only)', async () => {
    const d = await newMoral();
    const res = await biz(SUPER, 'action/update/customerid', { Id: d.Id, CustomerId: 'CUS-0001' }, 'PUT');
    expect(res.json().data.CustomerId).toBe('CUS-0001');
    refused(await biz(SUPER, 'action/update/customerid', { Id: A, CustomerId: 'CUS-0001' }, 'PUT'), 409, 'El CustomerId ya está asignado a otra empresa');
    refused(await biz(SUPER, 'action/update/customerid', { Id: A, CustomerId: 'no válido!' }, 'PUT'), 400, 'Identificador de cliente no válido');
    refused(await biz(BUSINESS, 'action/update/customerid', { Id: A, CustomerId: 'CUS-0002' }, 'PUT'), 403);
  });
});

describe('status flow', () => {
  const act = (who: string, Action: string, Ids: string[]) => biz(who, 'action/bulk-action', { Action, Ids });

  it('activates a pending business once its onboarding is complete', async () => {
    const d = await newMoral();
    refused(
      await act(SUPER, 'activar', [d.Id]),
      422,
      `Para activar la empresa Industrias de Prueba, S.A. de C.V. falta: el representante legal, al menos un documento aprobado`,
    );
    await t.call(SUPER, {
      method: 'POST',
      url: '/api/v1/legal-representative',
      payload: { v_uid_business: d.Id, v_names: 'Mario', v_last_name_1: 'Luna', v_email: email('rep') },
    });
    const doc = await t.call(SUPER, {
      method: 'POST',
      url: '/api/v1/document',
      ...multipart({ v_uid_business: d.Id, v_name: 'Acta constitutiva' }, { name: 'acta.pdf', content: pdf() }),
    });
    refused(
      await act(SUPER, 'activar', [d.Id]),
      422,
      'Para activar la empresa Industrias de Prueba, S.A. de C.V. falta: al menos un documento aprobado, revisar los documentos pendientes',
    );
    await t.call(SUPER, { method: 'PUT', url: `/api/v1/document/${doc.json().data.v_uid}`, payload: { v_uid_status: STATUS_IDS.activo } });
    const res = await act(TECHFAR, 'activar', [d.Id]);
    expect(res.json().data).toEqual({ Affected: 1 });
    const got = (await biz(SUPER, 'query/getbyid', { Id: d.Id })).json().data;
    expect(got.Status.Name).toBe('activo');
    expect(got.ActivedAt).toBeTruthy();
    expect(await count(t, 'log_user', `v_action = 'Activar' AND t_detail->>'business' = $1`, [d.Id])).toBe(1);
  });

  it('deactivates, blocks and unblocks, each audited; money moves only for an active business', async () => {
    const client = (await biz(SUPER, 'query/getbyid', { Id: B })).json().data.ClientNumber;
    await expect(assertBusinessActive(t.database.db, client)).resolves.toBeTruthy();
    await act(SUPER, 'bloquear', [B]);
    await expect(assertBusinessActive(t.database.db, client)).rejects.toThrow('La empresa no está activa: no se pueden realizar movimientos de dinero');
    refused(await act(SUPER, 'bloquear', [B]), 422, 'La empresa Lucía Hernández Vega ya está bloqueada');
    await act(SUPER, 'desbloquear', [B]);
    await expect(assertBusinessActive(t.database.db, client)).resolves.toBeTruthy();
    await act(SUPER, 'desactivar', [B]);
    await expect(assertBusinessActive(t.database.db, client)).rejects.toThrow();
    await act(SUPER, 'activar', [B]);
    const got = (await biz(SUPER, 'query/getbyid', { Id: B })).json().data;
    expect(got.Status.Name).toBe('activo');
    expect(got.BlockedAt && got.UnBlockedAt && got.DeActivedAt).toBeTruthy();
    expect(await count(t, 'log_user', `t_detail->>'business' = $1 AND v_action IN ('Bloquear', 'Desbloquear', 'Desactivar', 'Activar')`, [B])).toBe(4);
    await expect(assertBusinessActive(t.database.db, 'BUS999999')).rejects.toThrow();
  });

  it('applies to all of the selection or to none', async () => {
    const d = await newMoral();
    refused(await act(SUPER, 'desactivar', [d.Id, A]), 422);
    expect((await biz(SUPER, 'query/getbyid', { Id: A })).json().data.Status.Name).toBe('activo');
  });

  it('needs Desactivar on the business screen', async () => {
    refused(await act(BUSINESS, 'desactivar', [A]), 403);
    refused(await act(WALLET, 'activar', [A]), 403);
  });

  it('deletes only a business that is not active, with its users, who are signed out', async () => {
    const d = await newMoral();
    refused(await biz(SUPER, 'action/delete', { Id: A }), 422, 'Desactiva la empresa antes de eliminarla');
    const temp = await temporaryPassword(t, d.Email);
    const token = await freshToken(t, d.Email, temp);
    expect((await biz(SUPER, 'action/delete', { Id: d.Id })).statusCode).toBe(200);
    refused(await biz(SUPER, 'query/getbyid', { Id: d.Id }), 404);
    expect((await withToken(t, token, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(401);
    expect(await count(t, 'users', 'v_uid = $1 AND v_uid_status = $2', [d.FirstUser.Id, STATUS_IDS.eliminado])).toBe(1);
    refused(await biz(BUSINESS, 'action/delete', { Id: d.Id }), 403);
  });
});

describe('legal representative', () => {
  const rep = { v_names: 'Mario', v_last_name_1: 'Luna', v_last_name_2: 'Ríos', v_email: 'mario.luna@demo.mx' };

  it('is registered for a persona moral, read by its id or the business id, and edited', async () => {
    const d = await newMoral();
    const res = await t.call(SUPER, { method: 'POST', url: '/api/v1/legal-representative', payload: { ...rep, v_uid_business: d.Id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...rep, v_uid_business: d.Id, v_email_alternative: null });
    refused(
      await t.call(SUPER, { method: 'POST', url: '/api/v1/legal-representative', payload: { ...rep, v_uid_business: d.Id } }),
      409,
      'La empresa ya tiene un representante legal',
    );
    expect((await t.call(TECHFAR, { method: 'GET', url: `/api/v1/legal-representative/${d.Id}` })).json().data.v_uid).toBe(res.json().data.v_uid);
    const put = await t.call(SUPER, {
      method: 'PUT',
      url: `/api/v1/legal-representative/${res.json().data.v_uid}`,
      payload: { ...rep, v_email_alternative: 'otro@demo.mx' },
    });
    expect(put.json().data.v_email_alternative).toBe('otro@demo.mx');
  });

  it('is refused for a persona física, with bad e-mails, and between tenants', async () => {
    refused(
      await t.call(SUPER, { method: 'POST', url: '/api/v1/legal-representative', payload: { ...rep, v_uid_business: B } }),
      422,
      'El representante legal solo aplica a personas morales',
    );
    refused(
      await t.call(SUPER, {
        method: 'POST',
        url: '/api/v1/legal-representative',
        payload: { ...rep, v_email: `${'m'.repeat(65)}@demo.mx`, v_uid_business: A },
      }),
      400,
      'Correo electrónico no válido',
    );
    refused(await t.call(SUPER, { method: 'POST', url: '/api/v1/legal-representative', payload: rep }), 400, 'Este campo es requerido');
    // The demo business A has one: it reads and edits it; B may not even see it.
    expect((await t.call(BUSINESS, { method: 'GET', url: `/api/v1/legal-representative/${A}` })).json().data.v_names).toBe('Mariana');
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/legal-representative/${A}` }), 404);
    refused(await t.call(BUSINESS_2, { method: 'PUT', url: `/api/v1/legal-representative/${A}`, payload: rep }), 404);
    refused(await t.call(WALLET, { method: 'GET', url: `/api/v1/legal-representative/${A}` }), 403);
  });
});

describe('documents', () => {
  const upload = (who: string, fields: Record<string, string>, file: { name: string; content: Buffer }) =>
    t.call(who, { method: 'POST', url: '/api/v1/document', ...multipart(fields, file) });

  it('uploads a PDF (pendiente), downloads it, and staff approve or refuse it with a comment', async () => {
    const res = await upload(SUPER, { v_uid_business: A, v_name: 'Comprobante de domicilio' }, { name: 'domicilio.pdf', content: pdf(5000) });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      v_uid_business: A,
      v_name: 'Comprobante de domicilio',
      v_file_name: 'domicilio.pdf',
      v_uid_status: STATUS_IDS.pendiente,
      v_status: 'pendiente',
      i_size: pdf(5000).length,
    });
    const file = await t.call(BUSINESS, { method: 'GET', url: doc.v_file_url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf(5000))).toBe(true);

    refused(
      await t.call(SUPER, { method: 'PUT', url: `/api/v1/document/${doc.v_uid}`, payload: { v_uid_status: STATUS_IDS.rechazado } }),
      400,
      'Indica el motivo del rechazo',
    );
    refused(
      await t.call(SUPER, { method: 'PUT', url: `/api/v1/document/${doc.v_uid}`, payload: { v_uid_status: STATUS_IDS.finalizado } }),
      400,
      'Estatus no válido',
    );
    const refusedDoc = await t.call(SUPER, {
      method: 'PUT',
      url: `/api/v1/document/${doc.v_uid}`,
      payload: { v_uid_status: STATUS_IDS.rechazado, t_comment: 'El comprobante tiene más de tres meses' },
    });
    expect(refusedDoc.json().data).toMatchObject({ v_status: 'rechazado', t_comment: 'El comprobante tiene más de tres meses' });
    expect(refusedDoc.json().data.d_review_at).toBeTruthy();
    const approved = await t.call(SUPER, { method: 'PUT', url: `/api/v1/document/${doc.v_uid}`, payload: { v_uid_status: STATUS_IDS.activo } });
    expect(approved.json().data.v_status).toBe('activo');
    refused(await t.call(SUPER, { method: 'POST', url: `/api/v1/document/delete/${doc.v_uid}` }), 422, 'Un documento aprobado no se puede eliminar');
    expect((await t.call(BUSINESS, { method: 'GET', url: '/api/v1/document' })).json().data.map((x: { v_uid: string }) => x.v_uid)).toContain(doc.v_uid);
  });

  it.each([
    ['larger than 10 MB', { name: 'grande.pdf', content: pdf(10 * 1024 * 1024) }, 'No debe pesar más de 10MB'],
    ['that is not a PDF inside', { name: 'falso.pdf', content: Buffer.from('MZ\x90\x00 executable') }, 'Archivo no válido, solo se aceptan archivos .pdf'],
    ['with another extension', { name: 'acta.docx', content: pdf() }, 'Archivo no válido, solo se aceptan archivos .pdf'],
  ])('refuses a file %s and stores nothing', async (_what, file, message) => {
    const before = [await count(t, 'files'), await count(t, 'business_documents')];
    refused(await upload(SUPER, { v_uid_business: A, v_name: 'Acta' }, file), 400, message);
    expect([await count(t, 'files'), await count(t, 'business_documents')]).toEqual(before);
  });

  it('refuses a missing name or business', async () => {
    refused(await upload(SUPER, { v_uid_business: A }, { name: 'a.pdf', content: pdf() }), 400, 'Este campo es requerido');
    refused(await upload(SUPER, { v_name: 'Acta' }, { name: 'a.pdf', content: pdf() }), 400, 'Este campo es requerido');
  });

  it('lets a business upload and remove its own, but neither review them nor touch another’s', async () => {
    const own = await upload(BUSINESS, { v_name: 'Identificación' }, { name: 'ine.pdf', content: pdf() });
    expect(own.json().data.v_uid_business).toBe(A);
    const id = own.json().data.v_uid;
    refused(
      await t.call(BUSINESS, { method: 'PUT', url: `/api/v1/document/${id}`, payload: { v_uid_status: STATUS_IDS.activo } }),
      403,
      'Solo el personal de FAR puede revisar documentos',
    );
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/document/${id}` }), 404);
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/document/${id}/file` }), 404);
    refused(await t.call(BUSINESS_2, { method: 'POST', url: `/api/v1/document/delete/${id}` }), 404);
    refused(await upload(BUSINESS_2, { v_uid_business: A, v_name: 'Intruso' }, { name: 'x.pdf', content: pdf() }), 404);
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/document?v_uid_business=${A}` }), 404);
    refused(await upload(WALLET, { v_name: 'x' }, { name: 'x.pdf', content: pdf() }), 403);
    expect((await t.call(BUSINESS, { method: 'POST', url: `/api/v1/document/delete/${id}` })).statusCode).toBe(200);
    refused(await t.call(BUSINESS, { method: 'GET', url: `/api/v1/document/${id}` }), 404);
  });
});

describe('account groups', () => {
  it('a business manages its own groups; staff name the business; nobody reaches another’s', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/account-group', payload: { v_name: 'Nómina', t_description: 'Cuentas de nómina' } });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data;
    expect(g).toMatchObject({ v_uid_business: A, v_name: 'Nómina', i_active: true });
    refused(await t.call(BUSINESS, { method: 'POST', url: '/api/v1/account-group', payload: { v_name: 'nómina' } }), 409, 'Ya existe un grupo con ese nombre');
    expect(
      (await t.call(SUPER, { method: 'GET', url: `/api/v1/account-group?v_uid_business=${A}` })).json().data.map((x: { v_uid: string }) => x.v_uid),
    ).toEqual([g.v_uid]);
    expect(
      (await t.call(BUSINESS, { method: 'PUT', url: `/api/v1/account-group/${g.v_uid}`, payload: { v_name: 'Proveedores', i_active: false } })).json().data,
    ).toMatchObject({ v_name: 'Proveedores', i_active: false, t_description: null });
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/account-group/${g.v_uid}` }), 404, 'La empresa no existe');
    refused(await t.call(BUSINESS_2, { method: 'PUT', url: `/api/v1/account-group/${g.v_uid}`, payload: { v_name: 'Mío' } }), 404);
    refused(await t.call(BUSINESS_2, { method: 'POST', url: `/api/v1/account-group/${g.v_uid}` }), 404);
    refused(await t.call(WALLET, { method: 'GET', url: '/api/v1/account-group' }), 403);
    refused(await t.call(SUPER, { method: 'GET', url: '/api/v1/account-group' }), 400, 'Este campo es requerido');
    refused(await t.call(BUSINESS, { method: 'POST', url: '/api/v1/account-group', payload: { v_name: '' } }), 400, 'Este campo es requerido');
    expect((await t.call(BUSINESS, { method: 'POST', url: `/api/v1/account-group/${g.v_uid}` })).statusCode).toBe(200);
    refused(await t.call(BUSINESS, { method: 'GET', url: `/api/v1/account-group/${g.v_uid}` }), 404);
  });
});

describe('beneficiaries of a business', () => {
  const ben = { v_names: 'Carmen Díaz', d_birthdate_at: '1970-03-04', v_phone: '5587654321', v_email: 'carmen@demo.mx' };

  it('are the business’s own, and invisible to another business', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/beneficiary', payload: ben });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ ...ben, v_uid_business: A, v_uid_user: null });
    expect(
      (await t.call(SUPER, { method: 'GET', url: `/api/v1/beneficiary?v_uid_business=${A}` })).json().data.map((x: { v_uid: string }) => x.v_uid),
    ).toContain(b.v_uid);
    expect((await t.call(BUSINESS_2, { method: 'GET', url: '/api/v1/beneficiary' })).json().data).toEqual([]);
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/beneficiary/${b.v_uid}` }), 404, 'El beneficiario no existe');
    refused(await t.call(BUSINESS_2, { method: 'PUT', url: `/api/v1/beneficiary/${b.v_uid}`, payload: ben }), 404);
    refused(await t.call(BUSINESS_2, { method: 'POST', url: '/api/v1/beneficiary', payload: { ...ben, v_uid_business: A } }), 404);
    refused(
      await t.call(BUSINESS, { method: 'POST', url: '/api/v1/beneficiary', payload: { ...ben, v_phone: '55876543' } }),
      400,
      'El teléfono debe tener 10 dígitos',
    );
    refused(
      await t.call(BUSINESS, { method: 'POST', url: '/api/v1/beneficiary', payload: { ...ben, d_birthdate_at: '2999-01-01' } }),
      400,
      'La fecha no puede ser futura',
    );
    expect(
      (await t.call(SUPER, { method: 'PUT', url: `/api/v1/beneficiary/${b.v_uid}`, payload: { ...ben, v_names: 'Carmen Díaz Ruiz' } })).json().data.v_names,
    ).toBe('Carmen Díaz Ruiz');
    expect((await t.call(BUSINESS, { method: 'POST', url: `/api/v1/beneficiary/delete/${b.v_uid}` })).statusCode).toBe(200);
  });
});
