import { PERMISSION_IDS, ROLE_IDS, STATUS_IDS, menuIdByUrl } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, freshToken, signin, withToken, type TestApp } from '../helpers';
import { email, multipart, png, refused, temporaryPassword } from '../people';

let t: TestApp;
let A: string; // business of BUSINESS
let B: string; // business of BUSINESS_2
let userOfB: string;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.sql<{ v_uid: string; v_email: string }>(`SELECT v_uid, v_email FROM businesses`);
  A = rows.find((r) => r.v_email === BUSINESS)!.v_uid;
  B = rows.find((r) => r.v_email === BUSINESS_2)!.v_uid;
  userOfB = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [BUSINESS_2]))[0]!.v_uid;
  // Signing in writes its own audit entry: do it before counting what the calls write.
  for (const who of [SUPER, WALLET, BUSINESS, TECHFAR]) await t.token(who);
});
afterAll(() => t.close());

const users = (who: string, path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  t.call(who, { method, url: `/api/v1/profiles/users/${path}`, payload: payload as object });
const invite = (who: string, extra: Record<string, unknown> = {}) =>
  users(who, 'action/create', { ClientKind: 'business', Name: 'Rocío', LastName: 'Medina', Email: email('invitada'), ...extra });
const statusOf = async (id: string) => (await t.sql<{ s: string }>(`SELECT v_uid_status::text AS s FROM users WHERE v_uid = $1`, [id]))[0]!.s;
const written = async () => [await count(t, 'users'), await count(t, 'log_user'), await count(t, 'outbox'), await count(t, 'files')];

describe("an unsupported client kind: 'Parametro no válido' at once", () => {
  const calls: Array<[string, 'POST' | 'PUT', Record<string, unknown>]> = [
    ['query/list', 'POST', { Page: 1, Size: 10 }],
    ['query/list/blocked', 'POST', {}],
    ['query/getbyid', 'POST', { Id: 'no-es-uuid' }],
    ['query/getbyemail', 'POST', { Email: 'no-es-correo' }],
    ['action/create', 'POST', { Name: '', Email: 'x' }],
    ['action/update', 'PUT', { Id: 'x' }],
    ['action/delete', 'POST', { Id: 'x' }],
    ['action/bulk-action', 'POST', { Action: 'borrar', Ids: [] }],
  ];

  it.each(calls.flatMap(([path, method, body]) => ['wallet', 'TECHFAR', '', 7, undefined].map((kind) => [path, kind, method, body] as const)))(
    '%s with ClientKind %j',
    async (path, kind, method, body) => {
      const before = await written();
      const payload = kind === undefined ? body : { ...body, ClientKind: kind };
      // Even a caller without any grant on users gets the parameter error first.
      for (const who of [SUPER, WALLET]) refused(await users(who, path, payload, method), 400, 'Parametro no válido');
      expect(await written()).toEqual(before);
    },
  );

  it('for the image upload (admins only) too', async () => {
    const before = await written();
    for (const kind of ['wallet', 'business']) {
      refused(
        await t.call(SUPER, {
          method: 'POST',
          url: `/api/v1/profiles/users/action/upload-image?ClientKind=${kind}&Id=${userOfB}`,
          ...multipart({}, { name: 'a.png', content: png() }),
        }),
        400,
        'Parametro no válido',
      );
    }
    expect(await written()).toEqual(before);
  });

  it('still needs a session first', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/profiles/users/query/list', payload: { ClientKind: 'wallet' } })).statusCode).toBe(401);
  });

  it('works through the v2 envelope as well', async () => {
    const { decryptV2, encryptV2 } = await import('../../src/platform/crypto');
    const Data = encryptV2(t.config.envelopeKey, JSON.stringify({ ClientKind: 'otro' }));
    const res = await users(SUPER, 'query/list', { Data });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decryptV2(t.config.envelopeKey, res.json().Data)).message).toBe('Parametro no válido');
  });
});

describe('ClientKind business, by a business admin (own business only)', () => {
  it('lists only the users of its business', async () => {
    await invite(SUPER, { BusinessId: B });
    const res = await users(BUSINESS, 'query/list', { ClientKind: 'business' });
    expect(res.statusCode, res.body).toBe(200);
    const clients = await t.sql<{ v_client: string }>(`SELECT DISTINCT v_client FROM users WHERE v_uid = ANY($1::uuid[])`, [
      res.json().data.Records.map((r: { Id: string }) => r.Id),
    ]);
    expect(clients).toEqual([{ v_client: (await t.sql<{ v_client: string }>(`SELECT v_client FROM businesses WHERE v_uid = $1`, [A]))[0]!.v_client }]);
    refused(await users(BUSINESS, 'query/list', { ClientKind: 'business', BusinessId: B }), 404, 'La empresa no existe');
  });

  it('invites a user into its own business with a temporary password', async () => {
    const res = await invite(BUSINESS);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      BusinessId: A,
      Name: 'Rocío',
      LastName: 'Medina',
      RoleId: ROLE_IDS.business,
      IsActive: true,
      Status: { Name: 'activo', IsBlocked: false },
    });
    const [row] = await t.sql<{ v_client: string; b_must_change_password: boolean }>(`SELECT v_client, b_must_change_password FROM users WHERE v_uid = $1`, [
      d.Id,
    ]);
    expect(row).toEqual({ v_client: d.ClientNumber, b_must_change_password: true });
    expect(d.ClientNumber).toBe((await t.sql<{ v_client: string }>(`SELECT v_client FROM businesses WHERE v_uid = $1`, [A]))[0]!.v_client);
    const login = await signin(t, d.Email, await temporaryPassword(t, d.Email));
    expect(login.json().data).toMatchObject({ AllowAccess: true, MustChangePassword: true });
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_section = 'Perfil' AND v_action = 'Agregar'`, [d.Id])).toBe(1);
  });

  it('cannot give a staff role, nor invite into another business', async () => {
    const before = await written();
    refused(await invite(BUSINESS, { RoleId: ROLE_IDS.super }), 400, 'Rol no válido');
    refused(await invite(BUSINESS, { BusinessId: B }), 404, 'La empresa no existe');
    refused(await invite(BUSINESS, { Email: `${'r'.repeat(65)}@demo.mx` }), 400, 'Correo electrónico no válido');
    expect(await written()).toEqual(before);
  });

  it('deactivates and unblocks its own users; never itself nor its last active user', async () => {
    const d = (await invite(BUSINESS)).json().data;
    expect((await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action: 'desactivar', Ids: [d.Id] })).json().data).toEqual({ Affected: 1 });
    expect(await statusOf(d.Id)).toBe(STATUS_IDS.inactivo);
    await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action: 'activar', Ids: [d.Id] });
    await users(SUPER, 'action/bulk-action', { ClientKind: 'business', Action: 'bloquear', Ids: [d.Id] });
    expect(await statusOf(d.Id)).toBe(STATUS_IDS['activo-bloqueado']);
    await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action: 'desbloquear', Ids: [d.Id] });
    expect(await statusOf(d.Id)).toBe(STATUS_IDS['activo-desbloqueado']);

    const me = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [BUSINESS]))[0]!.v_uid;
    refused(
      await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action: 'desactivar', Ids: [me] }),
      422,
      'No puedes desactivar tu propio usuario',
    );
    refused(await users(BUSINESS, 'action/delete', { ClientKind: 'business', Id: me }), 422, 'No puedes eliminar tu propio usuario');
    // Business B has a single user: staff may not leave it without one.
    const bOnly = await t.sql<{ v_uid: string }>(
      `SELECT u.v_uid FROM users u JOIN businesses b ON b.v_client = u.v_client WHERE b.v_uid = $1 AND u.d_deleted_at IS NULL`,
      [B],
    );
    for (const u of bOnly.filter((x) => x.v_uid !== userOfB)) await users(SUPER, 'action/delete', { ClientKind: 'business', Id: u.v_uid });
    refused(
      await users(SUPER, 'action/bulk-action', { ClientKind: 'business', Action: 'bloquear', Ids: [userOfB] }),
      422,
      'La empresa debe conservar al menos un usuario activo',
    );
  });

  it('edits its users with PUT, IsActive included', async () => {
    const d = (await invite(BUSINESS)).json().data;
    const res = await users(
      BUSINESS,
      'action/update',
      { ClientKind: 'business', Id: d.Id, Name: 'Rocío Elena', LastName: 'Medina', Email: d.Email, Mobile: '3312345678', IsActive: false },
      'PUT',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Name: 'Rocío Elena', Mobile: '3312345678', IsActive: false, Status: { Name: 'inactivo' } });
    expect((await users(BUSINESS, 'query/getbyemail', { ClientKind: 'business', Email: d.Email })).json().data.Id).toBe(d.Id);
  });

  it('needs Editar on its profile to manage users', async () => {
    // A business role that may only look at its profile.
    const role = await t.call(SUPER, {
      method: 'POST',
      url: '/api/v1/rbac/create',
      payload: {
        v_name: 'business-lectura',
        v_client_prefix: 'BUS',
        Permissions: [{ v_uid_menu: menuIdByUrl('/profile'), v_permissions: [PERMISSION_IDS.Ver] }],
      },
    });
    expect(role.statusCode, role.body).toBe(200);
    const reader = (await invite(BUSINESS, { RoleId: role.json().data.v_uid })).json().data;
    const temp = await temporaryPassword(t, reader.Email);
    const first = await freshToken(t, reader.Email, temp);
    await withToken(t, first, { method: 'POST', url: '/api/v1/account/Password/Change', payload: { CurrentPassword: temp, NewPassword: 'Lectura2026x' } });
    const token = await freshToken(t, reader.Email, 'Lectura2026x');
    expect((await withToken(t, token, { method: 'POST', url: '/api/v1/profiles/users/query/list', payload: { ClientKind: 'business' } })).statusCode).toBe(200);
    refused(
      await withToken(t, token, {
        method: 'POST',
        url: '/api/v1/profiles/users/action/create',
        payload: { ClientKind: 'business', Name: 'X', Email: email() },
      }),
      403,
    );
    refused(
      await withToken(t, token, {
        method: 'POST',
        url: '/api/v1/profiles/users/action/bulk-action',
        payload: { ClientKind: 'business', Action: 'desactivar', Ids: [reader.Id] },
      }),
      403,
    );
  });
});

describe('the wrong tenant: business A never reads or changes business B or its users', () => {
  it('answers 404 for every call on a user of B, and changes nothing', async () => {
    const before = await statusOf(userOfB);
    const logs = await count(t, 'log_user');
    refused(await users(BUSINESS, 'query/getbyid', { ClientKind: 'business', Id: userOfB }), 404, 'El usuario no existe');
    refused(await users(BUSINESS, 'query/getbyemail', { ClientKind: 'business', Email: BUSINESS_2 }), 404, 'El usuario no existe');
    refused(await users(BUSINESS, 'action/update', { ClientKind: 'business', Id: userOfB, Name: 'Intruso', Email: BUSINESS_2 }, 'PUT'), 404);
    refused(await users(BUSINESS, 'action/delete', { ClientKind: 'business', Id: userOfB }), 404);
    for (const Action of ['desactivar', 'bloquear', 'desbloquear', 'activar', 'borrar']) {
      refused(await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action, Ids: [userOfB] }), 404);
    }
    expect(await statusOf(userOfB)).toBe(before);
    expect(await count(t, 'log_user')).toBe(logs);
    const name = (await t.sql<{ v_names: string }>(`SELECT v_names FROM users WHERE v_uid = $1`, [userOfB]))[0]!.v_names;
    expect(name).toBe('Lucía');
  });

  it('cannot reach staff or wallet users through ClientKind business', async () => {
    const staffId = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [TECHFAR]))[0]!.v_uid;
    const walletId = (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM users WHERE v_email = $1`, [WALLET]))[0]!.v_uid;
    refused(await users(BUSINESS, 'query/getbyid', { ClientKind: 'business', Id: staffId }), 404);
    refused(await users(SUPER, 'query/getbyid', { ClientKind: 'business', Id: walletId }), 404);
    refused(await users(BUSINESS, 'query/list', { ClientKind: 'techfar' }), 403);
  });

  it('a selection mixing own and foreign users changes none of them', async () => {
    const own = (await invite(BUSINESS)).json().data.Id;
    refused(await users(BUSINESS, 'action/bulk-action', { ClientKind: 'business', Action: 'desactivar', Ids: [own, userOfB] }), 404);
    expect(await statusOf(own)).toBe(STATUS_IDS.activo);
  });
});

describe('ClientKind business, by staff', () => {
  it('names the business to list or invite into', async () => {
    refused(await users(TECHFAR, 'query/list', { ClientKind: 'business' }), 400, 'Este campo es requerido');
    const list = await users(TECHFAR, 'query/list', { ClientKind: 'business', BusinessId: B, Size: 100 });
    expect(list.json().data.Records.map((r: { Id: string }) => r.Id)).toContain(userOfB);
    const res = await invite(TECHFAR, { BusinessId: B });
    expect(res.json().data.BusinessId).toBe(B);
    expect(await count(t, 'log_user', `v_uid_user_parent = $1 AND v_section = 'Cuentas Business'`, [res.json().data.Id])).toBe(1);
    refused(await invite(TECHFAR, { BusinessId: '5d0e1f40-0000-4000-8000-000000000099' }), 404, 'La empresa no existe');
  });

  it('is refused to wallet users', async () => {
    refused(await users(WALLET, 'query/list', { ClientKind: 'business' }), 403);
    refused(await invite(WALLET), 403);
  });
});

describe('the OpenAPI document', () => {
  it('lists every call of this issue with the method and path of endpoints.md', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const calls = `
      POST /api/v1/profiles/users/query/getbyemail
      POST /api/v1/profiles/users/query/list
      POST /api/v1/profiles/users/query/getbyid
      POST /api/v1/profiles/users/query/list/blocked
      POST /api/v1/profiles/users/action/create
      POST /api/v1/profiles/users/action/upload-image
      PUT /api/v1/profiles/users/action/update
      POST /api/v1/profiles/users/action/delete
      POST /api/v1/profiles/users/action/bulk-action
      POST /api/v1/profiles/business/query/getbyemail
      POST /api/v1/profiles/business/query/list
      POST /api/v1/profiles/business/query/getbyid
      POST /api/v1/profiles/business/action/create
      PUT /api/v1/profiles/business/action/update
      PUT /api/v1/profiles/business/action/update/customerid
      POST /api/v1/profiles/business/action/delete
      POST /api/v1/profiles/departments/list
      POST /api/v1/profiles/departments/getbyid
      POST /api/v1/profiles/departments/create
      PUT /api/v1/profiles/departments/update
      POST /api/v1/profiles/departments/delete
      GET /api/v1/account-group
      POST /api/v1/account-group
      GET /api/v1/account-group/{id}
      PUT /api/v1/account-group/{id}
      POST /api/v1/account-group/{id}
      GET /api/v1/address/{id}
      POST /api/v1/address
      PUT /api/v1/address/{id}
      POST /api/v1/beneficiary
      GET /api/v1/beneficiary/{id}
      PUT /api/v1/beneficiary/{id}
      POST /api/v1/document
      GET /api/v1/document/{id}
      PUT /api/v1/document/{id}
      POST /api/v1/document/delete/{id}
      POST /api/v1/employee
      GET /api/v1/employee/{id}
      PUT /api/v1/employee/{id}
      GET /api/v1/legal-representative/{id}
      PUT /api/v1/legal-representative/{id}
      POST /api/v1/legal-representative
      GET /api/v1/strategic-ally
      POST /api/v1/strategic-ally
      GET /api/v1/strategic-ally/{id}
      PUT /api/v1/strategic-ally/{id}
      GET /api/v1/postal-code/{code}`
      .trim()
      .split('\n')
      .map((l) => l.trim().split(' ') as [string, string]);
    const missing = calls.filter(([method, path]) => !doc.paths[path]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
  });
});
