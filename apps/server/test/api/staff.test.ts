import { ROLE_IDS, STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, count, createTestApp, freshToken, signin, withToken, type TestApp } from '../helpers';
import { adminUser, email, multipart, png, refused, temporaryPassword } from '../people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const users = (who: string, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  t.call(who, { method, url: `/api/v1/profiles/users/${path}`, payload: payload as object });
const create = (who: string, overrides: Record<string, unknown> = {}) => users(who, 'action/create', adminUser(overrides));
const idOf = async (e: string) => (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1 AND d_deleted_at IS NULL`, [e]))[0]!.v_uid;
const statusOf = async (id: string) => (await t.sql<{ s: string }>(`SELECT v_uid_status::text AS s FROM users WHERE v_uid = $1`, [id]))[0]!.s;

/** A new admin who has changed the temporary password: returns id, e-mail and a usable token. */
async function activeAdmin(overrides: Record<string, unknown> = {}) {
  const res = await create(SUPER, overrides);
  expect(res.statusCode, res.body).toBe(200);
  const { Id, Email } = res.json().data;
  const temp = await temporaryPassword(t, Email);
  const first = await freshToken(t, Email, temp);
  await withToken(t, first, { method: 'POST', url: '/api/v1/account/Password/Change', payload: { CurrentPassword: temp, NewPassword: 'NuevaClave2026' } });
  return { Id: Id as string, Email: Email as string, token: await freshToken(t, Email, 'NuevaClave2026') };
}

describe('admin user list (ClientKind techfar)', () => {
  it('pages on the server with exactly the fields of spec §3', async () => {
    const res = await users(SUPER, 'query/list', { ClientKind: 'techfar', Page: 1, Size: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ Page: 1, Size: 1 });
    expect(page.TotalRecords).toBeGreaterThanOrEqual(2);
    expect(page.TotalPages).toBe(page.TotalRecords);
    expect(Object.keys(page.Records[0]).sort()).toEqual(['CreationDate', 'Email', 'Id', 'LastName', 'Name', 'Role', 'SecondLastName', 'Status'].sort());
    expect(Object.keys(page.Records[0].Status).sort()).toEqual(['Id', 'IsBlocked', 'Name']);
  });

  it('searches and filters by status, and shows only staff', async () => {
    const res = await users(TECHFAR, 'query/list', { ClientKind: 'techfar', Search: 'sofía ramírez', Status: 'activo' });
    expect(res.json().data.Records).toEqual([
      expect.objectContaining({
        Email: SUPER,
        Role: { Id: ROLE_IDS.super, Name: 'super' },
        Status: { Id: STATUS_IDS.activo, Name: 'activo', IsBlocked: false },
      }),
    ]);
    const all = await users(SUPER, 'query/list', { ClientKind: 'techfar', Size: 100 });
    expect(all.json().data.Records.map((r: { Email: string }) => r.Email)).not.toContain(BUSINESS);
    expect((await users(SUPER, 'query/list', { ClientKind: 'techfar', Search: '%' })).json().data.TotalRecords).toBe(0);
  });

  it('is refused to business and wallet users', async () => {
    refused(await users(BUSINESS, 'query/list', { ClientKind: 'techfar' }), 403);
    refused(await users(WALLET, 'query/list', { ClientKind: 'techfar' }), 403);
  });
});

describe('creating an admin user', () => {
  it('keeps every field, sends a temporary password and requires changing it', async () => {
    const body = adminUser();
    const res = await users(SUPER, 'action/create', body);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      Name: 'Ana',
      LastName: 'Pérez',
      SecondLastName: 'Soto',
      DateOfBirth: '1990-05-17',
      Curp: body.Curp,
      Phone: '5556781234',
      Mobile: '5512345678',
      MobileCode: '+52',
      DepartmentId: body.DepartmentId,
      Position: 'Analista de soporte',
      EmployeeNumber: body.EmployeeNumber,
      DateOfJoining: '2024-02-01',
      RoleId: ROLE_IDS.techfar,
      Email: body.Email,
      AltEmail: body.AltEmail,
      // Staff cannot record someone else's acceptance of the terms (issue 26 §1).
      TermsAccepted: false,
      TermsAcceptedAt: null,
      IsActive: true,
      IsSuperAdmin: false,
      ProfilePhotoUrl: null,
      DeActivedAt: null,
      BlockedAt: null,
    });
    expect(d.ClientNumber).toMatch(/^FAR\d{6}$/);
    expect(d.CreatedAt && d.ActivedAt).toBeTruthy();
    expect(await count(t, 'employees', 'v_uid_user = $1', [d.Id])).toBe(1);
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_action = 'Agregar'`, [d.Id])).toBe(1);

    const temp = await temporaryPassword(t, body.Email);
    expect(temp).toMatch(/^[A-Za-z0-9$&?!#@^]{12}$/);
    const login = await signin(t, body.Email, temp);
    expect(login.json().data.MustChangePassword).toBe(true);
    const token = login.json().data.AccessToken;
    refused(
      await withToken(t, token, { method: 'POST', url: '/api/v1/profiles/users/query/list', payload: { ClientKind: 'techfar' } }),
      403,
      'Debes cambiar tu contraseña temporal antes de continuar',
    );
    expect(
      (await withToken(t, token, { method: 'POST', url: '/api/v1/account/Password/Change', payload: { CurrentPassword: temp, NewPassword: 'OtraClave2026' } }))
        .statusCode,
    ).toBe(200);
    expect((await signin(t, body.Email, 'OtraClave2026')).json().data.MustChangePassword).toBe(false);
  });

  it.each([
    ['an e-mail whose local part passes 64 characters', { Email: `${'a'.repeat(65)}@far.mx` }, 'Email', 'Correo electrónico no válido'],
    ['an e-mail longer than 254 characters', { Email: `a@${'b'.repeat(250)}.mx` }, 'Email', 'Debe contener máximo 254 caracteres'],
    ['a CURP of the wrong length', { Curp: 'PESA900517MDFRTN0' }, 'Curp', 'La CURP debe tener 18 caracteres'],
    ['a CURP with a wrong check digit', { Curp: 'PESA900517MDFRTN09' }, 'Curp', 'El dígito verificador de la CURP no es válido'],
    ['a birth date that is not the CURP one', { DateOfBirth: '1990-05-18' }, 'DateOfBirth', 'La fecha de nacimiento no coincide con la CURP'],
    ['a minor', { Curp: undefined, DateOfBirth: '2015-01-01' }, 'DateOfBirth', 'Debe tener al menos 18 años'],
    ['a Mexican mobile without 10 digits', { Mobile: '55123456' }, 'Mobile', 'El teléfono debe tener 10 dígitos'],
    ['an unknown department', { DepartmentId: '5c9dae30-0000-4000-8000-000000000099' }, 'DepartmentId', 'Departamento no válido'],
    ['a business role', { RoleId: ROLE_IDS.business }, 'RoleId', 'Rol no válido'],
    ['no last name', { LastName: '' }, 'LastName', 'Este campo es requerido'],
  ])('refuses %s in Spanish and writes nothing', async (_what, overrides, field, message) => {
    const before = [await count(t, 'users'), await count(t, 'outbox'), await count(t, 'employees')];
    const res = await create(SUPER, overrides);
    const body = refused(res, 400, message);
    expect(body.errors?.[0]?.field).toBe(field);
    expect([await count(t, 'users'), await count(t, 'outbox'), await count(t, 'employees')]).toEqual(before);
  });

  it('refuses a taken e-mail with 409', async () => {
    refused(await create(SUPER, { Email: TECHFAR }), 409, 'Ya existe un usuario con ese correo electrónico');
  });

  it('lets only a super admin create a super admin', async () => {
    const before = await count(t, 'users');
    refused(await create(TECHFAR, { RoleId: ROLE_IDS.super }), 403, 'Solo un super administrador puede crear o modificar a otro super administrador');
    expect(await count(t, 'users')).toBe(before);
    const res = await create(SUPER, { RoleId: ROLE_IDS.super });
    expect(res.json().data).toMatchObject({ IsSuperAdmin: true, Role: { Name: 'super' } });
  });

  it('refuses a business user with 403', async () => {
    refused(await create(BUSINESS), 403);
  });
});

describe('reading one admin user', () => {
  it('by id and by e-mail; other kinds do not exist here', async () => {
    const id = await idOf(TECHFAR);
    expect((await users(SUPER, 'query/getbyid', { ClientKind: 'techfar', Id: id })).json().data).toMatchObject({ Id: id, Email: TECHFAR, IsSuperAdmin: false });
    expect((await users(SUPER, 'query/getbyemail', { ClientKind: 'techfar', Email: 'SUPER@far.mx' })).json().data).toMatchObject({
      Email: SUPER,
      IsSuperAdmin: true,
    });
    refused(await users(SUPER, 'query/getbyid', { ClientKind: 'techfar', Id: await idOf(BUSINESS) }), 404, 'El usuario no existe');
    refused(await users(SUPER, 'query/getbyemail', { ClientKind: 'techfar', Email: WALLET }), 404, 'El usuario no existe');
  });
});

describe('updating an admin user', () => {
  it('replaces the fields and deactivates through IsActive', async () => {
    const { Id, Email } = (await create(SUPER)).json().data;
    const res = await users(
      SUPER,
      'action/update',
      adminUser({ Id, Email, Name: 'Ana María', Position: 'Coordinadora', IsActive: false, DepartmentId: '5c9dae30-0000-4000-8000-000000000003' }),
      'PUT',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Name: 'Ana María', Position: 'Coordinadora', IsActive: false, Status: { Name: 'inactivo' } });
    expect(res.json().data.DeActivedAt).toBeTruthy();
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_action IN ('Editar', 'Desactivar')`, [Id])).toBe(2);
  });

  it('lets only a super admin change a super admin, and keeps one super admin', async () => {
    const superId = await idOf(SUPER);
    refused(await users(TECHFAR, 'action/update', adminUser({ Id: superId, Email: SUPER, RoleId: ROLE_IDS.super }), 'PUT'), 403);
    const other = await create(SUPER);
    refused(await users(TECHFAR, 'action/update', adminUser({ Id: other.json().data.Id, Email: other.json().data.Email, RoleId: ROLE_IDS.super }), 'PUT'), 403);
    // Demoting the only active super admin would leave nobody able to manage roles.
    const lone = await createTestApp();
    try {
      const id = (await lone.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [SUPER]))[0]!.v_uid;
      const res = await lone.call(SUPER, {
        method: 'PUT',
        url: '/api/v1/profiles/users/action/update',
        payload: adminUser({ Id: id, Email: SUPER, RoleId: ROLE_IDS.techfar }),
      });
      refused(res, 422, 'Debe existir al menos un super administrador activo');
    } finally {
      await lone.close();
    }
  });

  it('refuses another user’s e-mail with 409', async () => {
    const { Id } = (await create(SUPER)).json().data;
    refused(await users(SUPER, 'action/update', adminUser({ Id, Email: TECHFAR }), 'PUT'), 409);
  });
});

describe('lifecycle', () => {
  it('blocks (ending the sessions) and unblocks, with the dates recorded', async () => {
    const a = await activeAdmin();
    expect((await withToken(t, a.token, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(200);
    const block = await users(SUPER, 'action/bulk-action', { ClientKind: 'techfar', Action: 'bloquear', Ids: [a.Id] });
    expect(block.json().data).toEqual({ Affected: 1 });
    expect((await withToken(t, a.token, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(401);
    const blocked = await users(SUPER, 'query/list/blocked', { ClientKind: 'techfar', Size: 100 });
    expect(blocked.json().data.Records).toContainEqual(
      expect.objectContaining({ Id: a.Id, Status: { Id: STATUS_IDS['activo-bloqueado'], Name: 'activo-bloqueado', IsBlocked: true } }),
    );
    refused(
      await users(SUPER, 'action/bulk-action', { ClientKind: 'techfar', Action: 'bloquear', Ids: [a.Id] }),
      422,
      `El usuario ${a.Email} ya está bloqueado`,
    );

    await users(SUPER, 'action/bulk-action', { ClientKind: 'techfar', Action: 'desbloquear', Ids: [a.Id] });
    const d = (await users(SUPER, 'query/getbyid', { ClientKind: 'techfar', Id: a.Id })).json().data;
    expect(d.Status).toEqual({ Id: STATUS_IDS['activo-desbloqueado'], Name: 'activo-desbloqueado', IsBlocked: false });
    expect(d.BlockedAt && d.UnBlockedAt).toBeTruthy();
    expect((await signin(t, a.Email, 'NuevaClave2026')).statusCode).toBe(200);
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_action IN ('Bloquear', 'Desbloquear')`, [a.Id])).toBe(2);
  });

  it('deactivates and activates', async () => {
    const { Id } = (await create(SUPER)).json().data;
    await users(TECHFAR, 'action/bulk-action', { ClientKind: 'techfar', Action: 'desactivar', Ids: [Id] });
    expect(await statusOf(Id)).toBe(STATUS_IDS.inactivo);
    await users(TECHFAR, 'action/bulk-action', { ClientKind: 'techfar', Action: 'activar', Ids: [Id] });
    expect(await statusOf(Id)).toBe(STATUS_IDS.activo);
  });

  it('applies a bulk action to all of the selection or to none', async () => {
    const one = (await create(SUPER)).json().data.Id;
    const two = (await create(SUPER)).json().data.Id;
    const me = await idOf(TECHFAR);
    refused(
      await users(TECHFAR, 'action/bulk-action', { ClientKind: 'techfar', Action: 'desactivar', Ids: [one, two, me] }),
      422,
      'No puedes desactivar tu propio usuario',
    );
    expect([await statusOf(one), await statusOf(two)]).toEqual([STATUS_IDS.activo, STATUS_IDS.activo]);
    const res = await users(TECHFAR, 'action/bulk-action', { ClientKind: 'techfar', Action: 'desactivar', Ids: [one, two] });
    expect(res.json().data).toEqual({ Affected: 2 });
  });

  it('never lets anybody delete or block themselves, nor a techfar touch a super admin', async () => {
    refused(await users(SUPER, 'action/delete', { ClientKind: 'techfar', Id: await idOf(SUPER) }), 422, 'No puedes eliminar tu propio usuario');
    refused(
      await users(SUPER, 'action/bulk-action', { ClientKind: 'techfar', Action: 'bloquear', Ids: [await idOf(SUPER)] }),
      422,
      'No puedes bloquear tu propio usuario',
    );
    refused(await users(TECHFAR, 'action/bulk-action', { ClientKind: 'techfar', Action: 'bloquear', Ids: [await idOf(SUPER)] }), 403);
    expect(await statusOf(await idOf(SUPER))).toBe(STATUS_IDS.activo);
  });

  it('deletes: the user is gone, signed out, and the e-mail is free again', async () => {
    const a = await activeAdmin();
    const res = await users(SUPER, 'action/delete', { ClientKind: 'techfar', Id: a.Id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await withToken(t, a.token, { method: 'GET', url: '/api/v1/account/me' })).statusCode).toBe(401);
    refused(await users(SUPER, 'query/getbyid', { ClientKind: 'techfar', Id: a.Id }), 404);
    expect(await statusOf(a.Id)).toBe(STATUS_IDS.eliminado);
    expect((await create(SUPER, { Email: a.Email })).statusCode).toBe(200);
  });

  it('needs Borrar to delete and Desactivar for the rest', async () => {
    const { Id } = (await create(SUPER)).json().data;
    refused(await users(BUSINESS, 'action/bulk-action', { ClientKind: 'techfar', Action: 'borrar', Ids: [Id] }), 403);
    refused(await users(WALLET, 'action/delete', { ClientKind: 'techfar', Id }), 403);
  });
});

describe('profile photo (admins only)', () => {
  const upload = (who: string, query: string, file: { name: string; content: Buffer }) =>
    t.call(who, { method: 'POST', url: `/api/v1/profiles/users/action/upload-image?${query}`, ...multipart({}, file) });

  it('stores a checked image and serves it at ProfilePhotoUrl', async () => {
    const id = await idOf(TECHFAR);
    const res = await upload(SUPER, `ClientKind=techfar&Id=${id}`, { name: 'foto.png', content: png() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ProfilePhotoUrl).toBe(`/api/v1/profiles/users/photo/${id}`);
    const photo = await t.call(SUPER, { method: 'GET', url: res.json().data.ProfilePhotoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['larger than 2 MB', { name: 'foto.png', content: Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]) }, 'No debe pesar más de 2MB'],
    ['with another extension', { name: 'foto.gif', content: png() }, 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg'],
    [
      'whose bytes are not an image',
      { name: 'foto.jpg', content: Buffer.from('MZ not an image at all') },
      'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    ],
    [
      'an SVG with a script',
      { name: 'foto.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg',
    ],
  ])('refuses an image %s and stores nothing', async (_what, file, message) => {
    const before = await count(t, 'files');
    refused(await upload(SUPER, `ClientKind=techfar&Id=${await idOf(TECHFAR)}`, file), 400, message);
    expect(await count(t, 'files')).toBe(before);
  });

  it("is not offered for business users: 'Parametro no válido'", async () => {
    refused(await upload(SUPER, `ClientKind=business&Id=${await idOf(BUSINESS)}`, { name: 'foto.png', content: png() }), 400, 'Parametro no válido');
    refused(await users(SUPER, 'query/list/blocked', { ClientKind: 'business' }), 400, 'Parametro no válido');
  });

  it('is refused to other roles', async () => {
    refused(await upload(BUSINESS, `ClientKind=techfar&Id=${await idOf(TECHFAR)}`, { name: 'foto.png', content: png() }), 403);
  });
});

describe('departments', () => {
  const dep = (who: string, path: string, payload?: unknown, method: 'POST' | 'PUT' = 'POST') =>
    t.call(who, { method, url: `/api/v1/profiles/departments/${path}`, payload: payload as object });

  it('lists the three of the static list first', async () => {
    const res = await dep(TECHFAR, 'list', {});
    expect(res.json().data.slice(0, 3)).toEqual([
      { Id: '5c9dae30-0000-4000-8000-000000000001', Name: 'Administración', IsSystem: true },
      { Id: '5c9dae30-0000-4000-8000-000000000002', Name: 'Soporte Técnico', IsSystem: true },
      { Id: '5c9dae30-0000-4000-8000-000000000003', Name: 'Ventas', IsSystem: true },
    ]);
    expect((await dep(TECHFAR, 'getbyid', { Id: '5c9dae30-0000-4000-8000-000000000003' })).json().data.Name).toBe('Ventas');
  });

  it('creates, renames and deletes a department; the system ones stay', async () => {
    const created = await dep(SUPER, 'create', { Name: 'Cumplimiento' });
    expect(created.json().data).toMatchObject({ Name: 'Cumplimiento', IsSystem: false });
    const id = created.json().data.Id;
    refused(await dep(SUPER, 'create', { Name: 'cumplimiento' }), 409, 'Ya existe un departamento con ese nombre');
    expect((await dep(SUPER, 'update', { Id: id, Name: 'Cumplimiento Regulatorio' }, 'PUT')).json().data.Name).toBe('Cumplimiento Regulatorio');
    refused(
      await dep(SUPER, 'update', { Id: '5c9dae30-0000-4000-8000-000000000001', Name: 'Otro' }, 'PUT'),
      422,
      'Los departamentos del sistema no se pueden modificar',
    );
    refused(await dep(SUPER, 'delete', { Id: '5c9dae30-0000-4000-8000-000000000001' }), 422, 'Los departamentos del sistema no se pueden eliminar');
    // In use: refused until its employees move.
    const user = (await create(SUPER, { DepartmentId: id })).json().data;
    refused(await dep(SUPER, 'delete', { Id: id }), 422, 'El departamento tiene empleados asignados');
    await users(SUPER, 'action/update', adminUser({ Id: user.Id, Email: user.Email, EmployeeNumber: user.EmployeeNumber }), 'PUT');
    expect((await dep(SUPER, 'delete', { Id: id })).statusCode).toBe(200);
    refused(await dep(SUPER, 'getbyid', { Id: id }), 404, 'El departamento no existe');
  });

  it('refuses bad names and other roles', async () => {
    refused(await dep(SUPER, 'create', { Name: '' }), 400, 'Este campo es requerido');
    refused(await dep(BUSINESS, 'list', {}), 403);
    refused(await dep(WALLET, 'create', { Name: 'Nuevo' }), 403);
  });
});

describe('employee records', () => {
  it('reads by user id, edits, and creates one for a user without it', async () => {
    const u = (await create(SUPER)).json().data;
    const got = await t.call(TECHFAR, { method: 'GET', url: `/api/v1/employee/${u.Id}` });
    expect(got.json().data).toMatchObject({
      v_uid_user: u.Id,
      v_position: 'Analista de soporte',
      v_number_employ: u.EmployeeNumber,
      d_admission_at: '2024-02-01',
    });
    const put = await t.call(TECHFAR, {
      method: 'PUT',
      url: `/api/v1/employee/${got.json().data.v_uid}`,
      payload: { v_uid_area: '5c9dae30-0000-4000-8000-000000000001', v_position: 'Gerente', v_number_employ: 'G-1', d_admission_at: '2023-01-09' },
    });
    expect(put.json().data).toMatchObject({ v_position: 'Gerente', v_number_employ: 'G-1', v_uid_area: '5c9dae30-0000-4000-8000-000000000001' });

    const superId = await idOf(SUPER);
    const body = { v_uid_user: superId, v_uid_area: '5c9dae30-0000-4000-8000-000000000001', v_position: 'Dirección' };
    refused(await t.call(TECHFAR, { method: 'POST', url: '/api/v1/employee', payload: body }), 403);
    expect((await t.call(SUPER, { method: 'POST', url: '/api/v1/employee', payload: body })).statusCode).toBe(200);
    refused(await t.call(SUPER, { method: 'POST', url: '/api/v1/employee', payload: body }), 409, 'El usuario ya tiene un registro de empleado');
  });

  it('refuses a duplicate number, a future admission, other kinds and other roles', async () => {
    const a = (await create(SUPER)).json().data;
    const b = (await create(SUPER)).json().data;
    refused(
      await t.call(SUPER, {
        method: 'PUT',
        url: `/api/v1/employee/${b.Id}`,
        payload: { v_uid_area: b.DepartmentId, v_position: 'X', v_number_employ: a.EmployeeNumber },
      }),
      409,
      'Ya existe un empleado con ese número',
    );
    refused(
      await t.call(SUPER, {
        method: 'PUT',
        url: `/api/v1/employee/${b.Id}`,
        payload: { v_uid_area: b.DepartmentId, v_position: 'X', d_admission_at: '2999-01-01' },
      }),
      400,
      'La fecha no puede ser futura',
    );
    refused(
      await t.call(SUPER, {
        method: 'POST',
        url: '/api/v1/employee',
        payload: { v_uid_user: await idOf(BUSINESS), v_uid_area: b.DepartmentId, v_position: 'X' },
      }),
      404,
      'El usuario no existe',
    );
    refused(await t.call(BUSINESS, { method: 'GET', url: `/api/v1/employee/${a.Id}` }), 403);
    refused(await t.call(SUPER, { method: 'GET', url: `/api/v1/employee/${email()}` }), 400, 'Identificador no válido');
  });
});
