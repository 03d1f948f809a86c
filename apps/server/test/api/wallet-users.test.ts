import { STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, freshToken, lastCode, walletLegal, withToken, type TestApp } from '../helpers';
import { colonyId, email, fisicaRfc, refused, wrongDigit } from '../people';

let t: TestApp;
let walletId: string;
let A: string;
let B: string;
beforeAll(async () => {
  t = await createTestApp();
  walletId = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [WALLET]))[0]!.v_uid;
  const rows = await t.sql<{ v_uid: string; v_email: string }>(`SELECT v_uid, v_email FROM businesses`);
  A = rows.find((r) => r.v_email === BUSINESS)!.v_uid;
  B = rows.find((r) => r.v_email === BUSINESS_2)!.v_uid;
});
afterAll(() => t.close());

const wallet = (who: string, path: string, payload: unknown) =>
  t.call(who, { method: 'POST', url: `/api/v1/profiles/wallet/${path}`, payload: payload as object });

/** A second wallet user, through the real sign-up: returns id, e-mail and a token. */
async function newWallet() {
  const Email = email('wallet');
  const CellPhone = String(5500000000 + Math.floor(Math.random() * 99999999));
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/account/${url}`, payload });
  await post('Signup/Token/Resend', { Email, Names: 'Marta', LastName1: 'Ibarra', CellPhone, PhoneCode: '+52', Legal: await walletLegal(t) });
  await post('Signup/Token/Validate', { Email, Token: await lastCode(t, Email) });
  await post('Signup/VerificationCode', { Email });
  await post('Signup/Password', { Email, Code: await lastCode(t, `+52${CellPhone}`), Password: 'Cartera2026' });
  const id = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [Email]))[0]!.v_uid;
  return { Id: id, Email, token: await freshToken(t, Email, 'Cartera2026') };
}

describe('wallet users (staff screen /user/wallet)', () => {
  it('lists with the user fields plus client number and mobile, with search and status filter', async () => {
    const res = await wallet(TECHFAR, 'query/list', { Page: 1, Size: 10, Search: 'Diego' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().data.Records;
    expect(Object.keys(row).sort()).toEqual(['ClientNumber', 'CreationDate', 'Email', 'Id', 'LastName', 'Mobile', 'Name', 'Role', 'SecondLastName', 'Status']);
    expect(row).toMatchObject({ Id: walletId, Email: WALLET, Role: { Name: 'wallet' }, Status: { Name: 'activo', IsBlocked: false } });
    expect(row.ClientNumber).toMatch(/^WAL\d{6}$/);
    expect((await wallet(SUPER, 'query/list', { Status: 'bloqueado' })).json().data.TotalRecords).toBe(0);
    const all = (await wallet(SUPER, 'query/list', { Size: 100 })).json().data.Records.map((r: { Email: string }) => r.Email);
    expect(all).not.toContain(BUSINESS);
  });

  it('shows the detail with the address; other kinds are not found', async () => {
    const res = await wallet(SUPER, 'query/getbyid', { Id: walletId });
    expect(res.json().data).toMatchObject({ Id: walletId, Name: 'Diego', LastName: 'Torres', Email: WALLET, IsActive: true, Address: null });
    const business = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [BUSINESS]))[0]!.v_uid;
    refused(await wallet(SUPER, 'query/getbyid', { Id: business }), 404, 'El usuario no existe');
  });

  it('blocks (signing the user out), unblocks, deactivates and activates', async () => {
    const w = await newWallet();
    await wallet(TECHFAR, 'action/bulk-action', { Action: 'bloquear', Ids: [w.Id] });
    expect((await withToken(t, w.token, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(401);
    let d = (await wallet(SUPER, 'query/getbyid', { Id: w.Id })).json().data;
    expect(d.Status).toEqual({ Id: STATUS_IDS['activo-bloqueado'], Name: 'activo-bloqueado', IsBlocked: true });
    await wallet(TECHFAR, 'action/bulk-action', { Action: 'desbloquear', Ids: [w.Id] });
    await wallet(TECHFAR, 'action/bulk-action', { Action: 'desactivar', Ids: [w.Id] });
    d = (await wallet(SUPER, 'query/getbyid', { Id: w.Id })).json().data;
    expect(d).toMatchObject({ IsActive: false, Status: { Name: 'inactivo' } });
    expect(d.BlockedAt && d.UnBlockedAt && d.DeActivedAt).toBeTruthy();
    await wallet(TECHFAR, 'action/bulk-action', { Action: 'activar', Ids: [w.Id] });
    expect((await wallet(SUPER, 'query/getbyid', { Id: w.Id })).json().data.Status.Name).toBe('activo');
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_section = 'Usuarios Wallet'`, [w.Id])).toBe(4);
  });

  it('refuses a pending sign-up activation and deletes all of a selection or none', async () => {
    const pending = email('pendiente');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/Signup/Token/Resend',
      payload: { Email: pending, Names: 'Pepe', LastName1: 'Paz', CellPhone: '5511112222', PhoneCode: '+52', Legal: await walletLegal(t) },
    });
    const id = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [pending]))[0]!.v_uid;
    refused(await wallet(SUPER, 'action/bulk-action', { Action: 'activar', Ids: [id] }), 422, `El usuario ${pending} no ha concluido su registro`);
    const w = await newWallet();
    refused(await wallet(SUPER, 'action/bulk-action', { Action: 'borrar', Ids: [w.Id, 'f0000000-0000-4000-8000-000000000000'] }), 404);
    expect((await wallet(SUPER, 'query/getbyid', { Id: w.Id })).statusCode).toBe(200);
    expect((await wallet(SUPER, 'action/bulk-action', { Action: 'borrar', Ids: [w.Id] })).statusCode).toBe(200);
    refused(await wallet(SUPER, 'query/getbyid', { Id: w.Id }), 404);
  });

  it('is for staff only', async () => {
    refused(await wallet(BUSINESS, 'query/list', {}), 403);
    refused(await wallet(WALLET, 'query/getbyid', { Id: walletId }), 403);
    refused(await wallet(BUSINESS, 'action/bulk-action', { Action: 'bloquear', Ids: [walletId] }), 403);
  });
});

describe('a wallet user’s address', () => {
  const address = async (overrides: Record<string, unknown> = {}) => ({
    v_street: 'Calle Durango',
    v_number_outside: '15',
    v_number_indoor: '3B',
    v_zip_code: '06700',
    v_uid_colony: await colonyId(t, '06700', 'Roma Norte'),
    ...overrides,
  });

  it('is read by the user without an id: null until registered, never a 404 (issue 26 §4)', async () => {
    const mine = await t.call(WALLET, { method: 'GET', url: '/api/v1/address/mine' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toBeNull();
    refused(await t.call(BUSINESS, { method: 'GET', url: '/api/v1/address/mine' }), 403);
    refused(await t.call(null, { method: 'GET', url: '/api/v1/address/mine' }), 401);
  });

  it('is registered by the user, with the place taken from the postal code, and edited', async () => {
    const res = await t.call(WALLET, {
      method: 'POST',
      url: '/api/v1/address',
      payload: { ...(await address()), v_municipallity: 'Inventado', v_state: 'Inventado' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({
      v_uid_user: walletId,
      v_street: 'Calle Durango',
      v_zip_code: '06700',
      v_colony: 'Roma Norte',
      v_municipallity: 'Cuauhtémoc',
      v_city: 'Ciudad de México',
      v_state: 'Ciudad de México',
    });
    refused(
      await t.call(WALLET, { method: 'POST', url: '/api/v1/address', payload: await address() }),
      409,
      'El usuario ya tiene un domicilio registrado; actualízalo',
    );
    expect((await t.call(WALLET, { method: 'GET', url: `/api/v1/address/${walletId}` })).json().data.v_uid).toBe(a.v_uid);
    expect((await t.call(WALLET, { method: 'GET', url: '/api/v1/address/mine' })).json().data.v_uid).toBe(a.v_uid);
    const put = await t.call(WALLET, {
      method: 'PUT',
      url: `/api/v1/address/${a.v_uid}`,
      payload: await address({ v_zip_code: '64620', v_uid_colony: await colonyId(t, '64620'), v_number_indoor: '' }),
    });
    expect(put.json().data).toMatchObject({ v_colony: 'Vista Hermosa', v_municipallity: 'Monterrey', v_state: 'Nuevo León', v_number_indoor: null });
    expect((await wallet(SUPER, 'query/getbyid', { Id: walletId })).json().data.Address).toMatchObject({ v_uid: a.v_uid, v_zip_code: '64620' });
  });

  it('refuses an unknown postal code or a colony of another code, writing nothing', async () => {
    const w = await newWallet();
    const before = await count(t, 'addresses');
    refused(await withToken(t, w.token, { method: 'POST', url: '/api/v1/address', payload: await address({ v_zip_code: '99999' }) }), 400, 'No encontrado');
    refused(
      await withToken(t, w.token, { method: 'POST', url: '/api/v1/address', payload: await address({ v_uid_colony: await colonyId(t, '06600') }) }),
      400,
      'La colonia no corresponde al código postal',
    );
    refused(
      await withToken(t, w.token, { method: 'POST', url: '/api/v1/address', payload: await address({ v_zip_code: '0670' }) }),
      400,
      'El código postal debe tener 5 dígitos',
    );
    expect(await count(t, 'addresses')).toBe(before);
  });

  it('is private: another wallet user gets 404, business users 403; staff name the user', async () => {
    const w = await newWallet();
    refused(await withToken(t, w.token, { method: 'GET', url: `/api/v1/address/${walletId}` }), 404);
    refused(await withToken(t, w.token, { method: 'PUT', url: `/api/v1/address/${walletId}`, payload: await address() }), 404);
    refused(await t.call(BUSINESS, { method: 'GET', url: `/api/v1/address/${walletId}` }), 403);
    refused(await t.call(BUSINESS, { method: 'POST', url: '/api/v1/address', payload: await address() }), 403);
    refused(await t.call(SUPER, { method: 'POST', url: '/api/v1/address', payload: await address() }), 400, 'Este campo es requerido');
    const staff = await t.call(SUPER, { method: 'POST', url: '/api/v1/address', payload: { ...(await address()), v_uid_user: w.Id } });
    expect(staff.json().data.v_uid_user).toBe(w.Id);
    expect((await t.call(TECHFAR, { method: 'GET', url: `/api/v1/address/${w.Id}` })).statusCode).toBe(200);
  });
});

describe('a wallet user’s beneficiaries', () => {
  const ben = { v_names: 'José Torres', d_birthdate_at: '1960-11-20', v_phone: '5511223344', v_email: 'jose.torres@demo.mx' };

  it('are the user’s own; nobody else reads them', async () => {
    const res = await t.call(WALLET, { method: 'POST', url: '/api/v1/beneficiary', payload: ben });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({ ...ben, v_uid_user: walletId, v_uid_business: null });
    expect((await t.call(WALLET, { method: 'GET', url: '/api/v1/beneficiary' })).json().data.map((x: { v_uid: string }) => x.v_uid)).toEqual([b.v_uid]);
    expect((await t.call(SUPER, { method: 'GET', url: `/api/v1/beneficiary?v_uid_user=${walletId}` })).json().data).toHaveLength(1);
    const w = await newWallet();
    refused(await withToken(t, w.token, { method: 'GET', url: `/api/v1/beneficiary/${b.v_uid}` }), 404);
    refused(await withToken(t, w.token, { method: 'GET', url: `/api/v1/beneficiary?v_uid_user=${walletId}` }), 404);
    refused(await t.call(BUSINESS, { method: 'GET', url: `/api/v1/beneficiary/${b.v_uid}` }), 404);
    refused(
      await t.call(WALLET, { method: 'POST', url: '/api/v1/beneficiary', payload: { ...ben, v_email: `${'j'.repeat(65)}@demo.mx` } }),
      400,
      'Correo electrónico no válido',
    );
    expect((await t.call(WALLET, { method: 'POST', url: `/api/v1/beneficiary/delete/${b.v_uid}` })).statusCode).toBe(200);
  });

  it('are at most ten', async () => {
    const w = await newWallet();
    for (let i = 0; i < 10; i += 1) await withToken(t, w.token, { method: 'POST', url: '/api/v1/beneficiary', payload: ben });
    refused(await withToken(t, w.token, { method: 'POST', url: '/api/v1/beneficiary', payload: ben }), 422, 'Solo se permiten 10 beneficiarios');
  });
});

describe('strategic allies', () => {
  const ally = (who: string, payload: object) => t.call(who, { method: 'POST', url: '/api/v1/strategic-ally', payload });
  const decide = (who: string, id: string, status: string, extra: object = {}) =>
    t.call(who, { method: 'PUT', url: `/api/v1/strategic-ally/${id}`, payload: { v_uid_status: status, ...extra } });

  it('a wallet user applies; the business binds; staff unlink; each step dated and audited', async () => {
    const res = await ally(WALLET, { v_uid_user_business: A });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ v_uid_user_wallet: walletId, v_uid_user_business: A, v_names: 'Diego Torres Salas', v_status: 'pendiente', d_binding_at: null });
    expect(a.d_application_at).toBeTruthy();
    refused(await ally(WALLET, { v_uid_user_business: A }), 409, 'Ya existe una solicitud o un vínculo con esa empresa');

    expect((await t.call(BUSINESS, { method: 'GET', url: '/api/v1/strategic-ally' })).json().data.Records.map((r: { v_uid: string }) => r.v_uid)).toContain(
      a.v_uid,
    );
    expect((await t.call(BUSINESS_2, { method: 'GET', url: '/api/v1/strategic-ally' })).json().data.Records).toEqual([]);
    refused(await t.call(BUSINESS_2, { method: 'GET', url: `/api/v1/strategic-ally/${a.v_uid}` }), 404);
    refused(await decide(BUSINESS_2, a.v_uid, STATUS_IDS.activo), 404);
    refused(await decide(WALLET, a.v_uid, STATUS_IDS.activo), 403);

    const bound = await decide(BUSINESS, a.v_uid, STATUS_IDS.activo);
    expect(bound.json().data).toMatchObject({ v_status: 'activo' });
    expect(bound.json().data.d_binding_at).toBeTruthy();
    refused(await decide(BUSINESS, a.v_uid, STATUS_IDS.rechazado), 422, 'El aliado está activo y no puede pasar a rechazado');
    const unlinked = await decide(TECHFAR, a.v_uid, STATUS_IDS.inactivo);
    expect(unlinked.json().data.v_status).toBe('inactivo');
    expect(await count(t, 'log_user', `v_section = 'Aliados estratégicos' AND t_detail->>'ally' = $1`, [a.v_uid])).toBe(3);
    // Unlinked, the user may apply again.
    expect((await ally(WALLET, { v_uid_user_business: A })).statusCode).toBe(200);
  });

  it('binds only to an active business', async () => {
    const res = await ally(WALLET, { v_uid_user_business: B });
    await t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/business/action/bulk-action', payload: { Action: 'desactivar', Ids: [B] } });
    refused(await decide(SUPER, res.json().data.v_uid, STATUS_IDS.activo), 422, 'La empresa no está activa: no se pueden realizar movimientos de dinero');
    expect((await decide(SUPER, res.json().data.v_uid, STATUS_IDS.rechazado, { t_comment: 'Empresa inactiva' })).json().data).toMatchObject({
      v_status: 'rechazado',
      t_comment: 'Empresa inactiva',
    });
    await t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/business/action/bulk-action', payload: { Action: 'activar', Ids: [B] } });
  });

  it('checks the RFC (13 characters, check digit confirmed) and the business', async () => {
    const w = await newWallet();
    const post = (payload: object) => withToken(t, w.token, { method: 'POST', url: '/api/v1/strategic-ally', payload });
    refused(await post({ v_uid_user_business: A, v_rfc: 'ABC190312AB6' }), 400, 'El RFC debe tener 13 caracteres');
    const rfc = wrongDigit(fisicaRfc());
    refused(await post({ v_uid_user_business: A, v_rfc: rfc }), 422, 'El dígito verificador del RFC no coincide');
    expect((await post({ v_uid_user_business: A, v_rfc: rfc, ConfirmRfcWarning: true })).json().data.v_rfc).toBe(rfc);
    refused(await post({ v_uid_user_business: 'f0000000-0000-4000-8000-000000000000' }), 400, 'La empresa no existe');
  });

  it('staff apply for a named wallet user; business users cannot apply', async () => {
    const w = await newWallet();
    expect((await ally(SUPER, { v_uid_user_wallet: w.Id, v_uid_user_business: B })).json().data.v_uid_user_wallet).toBe(w.Id);
    refused(await ally(BUSINESS, { v_uid_user_wallet: w.Id, v_uid_user_business: A }), 403);
    const mine = await withToken(t, w.token, { method: 'GET', url: '/api/v1/strategic-ally' });
    expect(mine.json().data.Records.every((r: { v_uid_user_wallet: string }) => r.v_uid_user_wallet === w.Id)).toBe(true);
    expect((await t.call(SUPER, { method: 'GET', url: `/api/v1/strategic-ally?v_uid_user_wallet=${w.Id}&Status=pendiente` })).json().data.TotalRecords).toBe(1);
  });
});
