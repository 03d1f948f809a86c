import { readFileSync } from 'node:fs';
import { MENU_SEED, PERMISSION_IDS, ROLE_IDS, defaultGrants, menuIdByUrl, type ClientKind, type PermissionName } from '@far/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, count, createTestApp, signin, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Grant = { v_uid_menu: string; v_permissions: string[] };
const rbac = (method: InjectOptions['method'], path: string, payload?: object): InjectOptions => ({ method, url: `/api/v1/rbac/${path}`, payload });
const as = (who: string | null, opts: InjectOptions) => t.call(who, opts);

/** A grant of named permissions on the menu entry with that url. */
const grant = (url: string, ...names: PermissionName[]): Grant => ({ v_uid_menu: menuIdByUrl(url), v_permissions: names.map((n) => PERMISSION_IDS[n]) });
/** The body of a seed entry, as POST/PUT /rbac/menu take it. */
const seedBody = (url: string, changes: object = {}) => {
  const { v_uid: _id, ...e } = MENU_SEED.find((x) => x.v_url === url)!;
  return { ...e, v_uid_children: null, v_permissions: e.v_permissions.map((p) => PERMISSION_IDS[p]), i_active: true, ...changes };
};

const menuUrls = async (who: string) => ((await as(who, rbac('GET', 'menu'))).json().data as Array<{ v_url: string }>).map((e) => e.v_url);
/** §2 menu of a kind from the seed: entries of that kind by i_order, ties in seed order (sort is stable). */
const seedMenu = (kind: ClientKind) =>
  MENU_SEED.filter((e) => e.v_client_prefix.includes(kind))
    .sort((a, b) => a.i_order - b.i_order)
    .map((e) => e.v_url);

const detail = async (v_uid: string) => (await as(SUPER, rbac('POST', 'role/detail', { v_uid }))).json().data;
const createRole = (who: string, body: object) => as(who, rbac('POST', 'create', { i_active: true, Permissions: [], ...body }));
const editRole = (who: string, body: object) => as(who, rbac('PUT', 'edit', body));
const bulk = (who: string, Action: string, Uids: string[]) => as(who, rbac('POST', 'bulk', { Action, Uids }));
const deleteRole = (who: string, v_uid: string) => as(who, rbac('POST', 'delete', { v_uid }));

let roleSeq = 0;
/** A custom role created by super; returns its id. */
async function customRole(kind: ClientKind, Permissions: Grant[] = [], name = `Rol de prueba ${++roleSeq}`): Promise<string> {
  const res = await createRole(SUPER, { v_name: name, v_client_prefix: kind, Permissions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.v_uid;
}

/** Everything RBAC keeps, to prove a refused call changed nothing. */
const state = async () => ({
  roles: await t.sql(`SELECT v_uid, v_name, i_active FROM roles ORDER BY v_uid`),
  grants: await t.sql(`SELECT v_uid_role, t_json::text AS grants FROM role_permissions ORDER BY v_uid_role`),
  menu: await t.sql(`SELECT v_uid, v_name, v_url, v_client_prefix, v_permissions, i_order, i_active FROM menu ORDER BY i_seq`),
  activity: await count(t, 'log_user'),
});
/** Runs a call that must be refused with `status` and `message`, and checks nothing changed. */
async function refused(call: () => Promise<{ statusCode: number; json: () => { message: string } }>, status: number, message: string | RegExp) {
  await Promise.all([SUPER, TECHFAR, BUSINESS, WALLET].map((u) => t.token(u)));
  const before = await state();
  const res = await call();
  expect(res.statusCode).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
  expect(await state()).toEqual(before);
}
const FORBIDDEN = 'No tienes permiso para realizar esta acción';
const SUPER_ONLY = 'Solo un super administrador puede realizar esta acción';

describe('GET /api/v1/rbac/menu', () => {
  const ADMIN = [
    '/dashboard',
    '/profile',
    '/user/business',
    '/user/wallet',
    '/user/techfar',
    '/clarification',
    '/log',
    '/report',
    '/spei-reconciliation',
    '/cms',
    '/notification',
    '/roles-permissions',
    '/pre-stock-cards',
  ];
  const BUS = [
    '/dashboard',
    '/profile',
    '/account',
    '/dispersal/history',
    '/dispersal/transfer',
    '/dispersal/program',
    '/movement',
    '/account/status',
    '/clarification',
    '/report',
    '/notification',
    '/help',
  ];
  // «Mi resumen» (the wallet's dashboard) is in the wallet menu too (issue 26 §4).
  const WAL = ['/dashboard', '/profile', '/dispersal/transfer', '/movement', '/clarification', '/dispersal/budget', '/notification'];

  it.each([
    [SUPER, 'FAR', ADMIN],
    [TECHFAR, 'FAR', ADMIN],
    [BUSINESS, 'BUS', BUS],
    [BUSINESS_2, 'BUS', BUS],
    [WALLET, 'WAL', WAL],
  ] as const)('gives %s exactly the §2 menu of its kind, in order', async (who, kind, expected) => {
    expect(await menuUrls(who)).toEqual(expected);
    expect(seedMenu(kind)).toEqual(expected);
    const entries = (await as(who, rbac('GET', 'menu'))).json().data;
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual([
        'i_active',
        'i_order',
        'v_client_prefix',
        'v_icon',
        'v_name',
        'v_permissions',
        'v_uid',
        'v_uid_children',
        'v_url',
      ]);
      expect(e.v_client_prefix).toContain(kind);
      expect(e.i_active).toBe(true);
    }
    const orders = entries.map((e: { i_order: number }) => e.i_order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('drops an entry that is made inactive, and brings it back', async () => {
    const help = menuIdByUrl('/help');
    try {
      expect((await as(SUPER, rbac('PUT', `menu/${help}`, seedBody('/help', { i_active: false })))).statusCode).toBe(200);
      expect(await menuUrls(BUSINESS)).not.toContain('/help');
      expect(await menuUrls(BUSINESS)).toHaveLength(11);
    } finally {
      await as(SUPER, rbac('PUT', `menu/${help}`, seedBody('/help')));
    }
    expect((await menuUrls(BUSINESS)).at(-1)).toBe('/help');
  });

  it('names the wallet entries as their pages: «Mi resumen» and «Transferencias»', async () => {
    const names = async (who: string) =>
      new Map(((await as(who, rbac('GET', 'menu'))).json().data as Array<{ v_url: string; v_name: string }>).map((e) => [e.v_url, e.v_name]));
    const wallet = await names(WALLET);
    expect([wallet.get('/dashboard'), wallet.get('/dispersal/transfer')]).toEqual(['Mi resumen', 'Transferencias']);
    const business = await names(BUSINESS);
    expect([business.get('/dashboard'), business.get('/dispersal/transfer')]).toEqual(['Dashboard', 'Transferencias y dispersiones']);
  });

  it('the 0023 migration brings «Mi resumen» to the wallet menu of an existing database, and running it again changes nothing', async () => {
    const dashboard = menuIdByUrl('/dashboard');
    const grantsOf = async (role: string) =>
      (await t.sql<{ t_json: Array<{ v_uid_menu: string; v_permissions: string[] }> }>('SELECT t_json FROM role_permissions WHERE v_uid_role = $1', [role]))[0]!
        .t_json;
    // The database as it was before decision 0028: the entry for FAR and BUS only, the wallet role without it.
    await t.sql(`UPDATE menu SET v_client_prefix = ARRAY['FAR', 'BUS'] WHERE v_uid = $1`, [dashboard]);
    await t.sql(
      `UPDATE role_permissions SET t_json = (SELECT jsonb_agg(g) FROM jsonb_array_elements(t_json) g WHERE g->>'v_uid_menu' <> $1) WHERE v_uid_role = $2`,
      [dashboard, ROLE_IDS.wallet],
    );
    expect(await menuUrls(WALLET)).not.toContain('/dashboard');
    const business = await grantsOf(ROLE_IDS.business);

    const migration = readFileSync(new URL('../../drizzle/0023_wallet_menu_summary.sql', import.meta.url), 'utf8');
    for (let i = 0; i < 2; i++) for (const statement of migration.split('--> statement-breakpoint')) await t.sql(statement);

    const [entry] = await t.sql<{ v_client_prefix: string[] }>('SELECT v_client_prefix FROM menu WHERE v_uid = $1', [dashboard]);
    expect(entry!.v_client_prefix).toEqual(['FAR', 'BUS', 'WAL']);
    expect((await grantsOf(ROLE_IDS.wallet)).filter((g) => g.v_uid_menu === dashboard)).toEqual([
      { v_uid_menu: dashboard, v_permissions: [PERMISSION_IDS.Ver] },
    ]);
    expect(await grantsOf(ROLE_IDS.business)).toEqual(business);
    const wallet = ((await as(WALLET, rbac('GET', 'menu'))).json().data as Array<{ v_url: string; v_name: string }>).map((e) => [e.v_url, e.v_name]);
    expect(wallet).toContainEqual(['/dashboard', 'Mi resumen']);
    expect(wallet).toContainEqual(['/dispersal/transfer', 'Transferencias']);
  });

  it('needs a session', async () => {
    expect((await as(null, rbac('GET', 'menu'))).statusCode).toBe(401);
  });
});

describe('GET /api/v1/rbac/menu/permission and menu/all', () => {
  const granted = async (who: string) => {
    const entries = (await as(who, rbac('GET', 'menu/permission'))).json().data as Array<{ v_url: string; granted: string[]; v_permissions_granted: string[] }>;
    return new Map(entries.map((e) => [e.v_url, e]));
  };

  it('shows the permissions the role grants on each entry of the menu', async () => {
    const admin = await granted(SUPER);
    expect([...admin.keys()]).toEqual(await menuUrls(SUPER));
    expect(admin.get('/roles-permissions')!.granted).toEqual(['Ver', 'Agregar', 'Editar', 'Borrar', 'Desactivar', 'Desvincular']);
    expect(admin.get('/roles-permissions')!.v_permissions_granted).toEqual(Object.values(PERMISSION_IDS));
    const business = await granted(BUSINESS);
    expect(business.get('/profile')!.granted).toEqual(['Ver', 'Editar']);
    expect(business.get('/help')!.granted).toEqual(['Ver']);
    expect((await granted(WALLET)).get('/dispersal/transfer')!.granted).toEqual(['Ver', 'Agregar', 'Borrar']);
  });

  it('lists every entry of every kind for the roles screen (staff with Ver only)', async () => {
    const all = await as(TECHFAR, rbac('GET', 'menu/all'));
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .data.map((e: { v_uid: string }) => e.v_uid)
        .sort(),
    ).toEqual(MENU_SEED.map((e) => e.v_uid).sort());
    for (const who of [BUSINESS, WALLET]) expect((await as(who, rbac('GET', 'menu/all'))).statusCode).toBe(403);
  });
});

describe('roles: list and detail', () => {
  it('lists roles with their user counts for super and techfar', async () => {
    const perRole = new Map((await t.sql<{ r: string; n: number }>(`SELECT v_uid_role AS r, count(*)::int AS n FROM users GROUP BY 1`)).map((x) => [x.r, x.n]));
    for (const who of [SUPER, TECHFAR]) {
      const res = await as(who, rbac('POST', 'roles', { Page: 1, Size: 50 }));
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ Page: 1, Size: 50, TotalPages: 1 });
      expect(page.TotalRecords).toBe(page.Records.length);
      for (const id of Object.values(ROLE_IDS)) {
        const role = page.Records.find((r: { v_uid: string }) => r.v_uid === id);
        expect(role).toMatchObject({ b_system: true, i_active: true, i_users: perRole.get(id) ?? 0 });
      }
    }
  });

  it('searches and pages', async () => {
    const found = (await as(SUPER, rbac('POST', 'roles', { Search: 'busi' }))).json().data;
    expect(found.Records.map((r: { v_name: string }) => r.v_name)).toEqual(['business']);
    const paged = (await as(SUPER, rbac('POST', 'roles', { Page: 2, Size: 2 }))).json().data;
    expect(paged.Records).toHaveLength(2);
    expect(paged.TotalPages).toBe(Math.ceil(paged.TotalRecords / 2));
  });

  it('refuses bad paging and callers without the roles screen', async () => {
    expect((await as(SUPER, rbac('POST', 'roles', { Size: 1000 }))).statusCode).toBe(400);
    for (const who of [BUSINESS, WALLET]) {
      const res = await as(who, rbac('POST', 'roles', {}));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    }
    expect((await as(null, rbac('POST', 'roles', {}))).statusCode).toBe(401);
  });

  it('details a role with its grants', async () => {
    const d = await detail(ROLE_IDS.business);
    expect(d).toMatchObject({ v_uid: ROLE_IDS.business, v_name: 'business', v_client_prefix: 'BUS', b_system: true });
    expect(d.Permissions).toEqual(defaultGrants('business'));
    expect((await as(TECHFAR, rbac('POST', 'role/detail', { v_uid: ROLE_IDS.wallet }))).statusCode).toBe(200);
    const missing = await as(SUPER, rbac('POST', 'role/detail', { v_uid: '00000000-0000-4000-8000-000000000000' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El rol no existe');
    expect((await as(SUPER, rbac('POST', 'role/detail', { v_uid: 'abc' }))).json().message).toBe('Identificador no válido');
    expect((await as(BUSINESS, rbac('POST', 'role/detail', { v_uid: ROLE_IDS.business }))).statusCode).toBe(403);
  });
});

describe('roles: create', () => {
  it('lets super create a role, with its grants, and records it', async () => {
    const res = await createRole(SUPER, { v_name: 'Mesa de control', v_client_prefix: 'FAR', Permissions: [grant('/log', 'Ver'), grant('/dashboard', 'Ver')] });
    expect(res.statusCode).toBe(200);
    expect(res.json().status.message).toBe('Rol creado');
    const role = res.json().data;
    expect(role).toMatchObject({ v_name: 'Mesa de control', v_client_prefix: 'FAR', i_active: true, b_system: false, i_users: 0 });
    expect(role.Permissions).toEqual([grant('/log', 'Ver'), grant('/dashboard', 'Ver')]);
    expect(await count(t, 'log_user', `v_section = 'Roles y permisos' AND v_action = 'Agregar' AND v_activity = 'Creó el rol Mesa de control'`)).toBe(1);
  });

  it.each([TECHFAR, BUSINESS, WALLET])('refuses %s with 403, writing nothing', async (who) => {
    await refused(() => createRole(who, { v_name: 'Intruso', v_client_prefix: 'FAR' }), 403, SUPER_ONLY);
  });

  it('refuses a duplicate name (any case) with 409', async () => {
    await customRole('BUS', [], 'Tesorería');
    await refused(() => createRole(SUPER, { v_name: 'TESORERÍA', v_client_prefix: 'BUS' }), 409, 'Ya existe un rol con ese nombre');
    await refused(() => createRole(SUPER, { v_name: 'Business', v_client_prefix: 'BUS' }), 409, 'Ya existe un rol con ese nombre');
  });

  it.each([
    [
      'an entry of another client kind',
      { v_client_prefix: 'FAR', Permissions: [grant('/help', 'Ver')] },
      'El permiso hace referencia a una entrada de menú que no corresponde al tipo de cliente del rol',
    ],
    [
      'an unknown entry',
      { v_client_prefix: 'FAR', Permissions: [{ v_uid_menu: '00000000-0000-4000-8000-000000000000', v_permissions: [] }] },
      'El permiso hace referencia a una entrada de menú que no corresponde al tipo de cliente del rol',
    ],
    [
      'a permission the entry does not offer',
      { v_client_prefix: 'FAR', Permissions: [grant('/dashboard', 'Borrar')] },
      'La entrada "Dashboard" no admite uno de los permisos indicados',
    ],
    [
      'the same entry twice',
      { v_client_prefix: 'WAL', Permissions: [grant('/profile', 'Ver'), grant('/profile', 'Editar')] },
      'Una entrada del menú aparece más de una vez',
    ],
  ])('refuses grants on %s with 400', async (_what, body, message) => {
    await refused(() => createRole(SUPER, { v_name: 'Rol inválido', ...body }), 400, message);
  });

  it.each([
    [{ v_name: 'x', v_client_prefix: 'FAR' }, 'Debe contener mínimo 2 caracteres'],
    [{ v_name: '<script>', v_client_prefix: 'FAR' }, 'Solo se aceptan letras, números, espacios y . _ -'],
    [{ v_name: 'Válido', v_client_prefix: 'ADM' }, 'Tipo de cliente no válido'],
    [{ v_client_prefix: 'FAR' }, 'Este campo es requerido'],
  ])('refuses bad input %j in Spanish', async (body, message) => {
    await refused(() => as(SUPER, rbac('POST', 'create', { Permissions: [], ...body })), 400, message);
  });
});

describe('roles: edit', () => {
  it('lets super rename a custom role and change its grants', async () => {
    const id = await customRole('BUS', [grant('/dashboard', 'Ver')]);
    const res = await editRole(SUPER, {
      v_uid: id,
      v_name: 'Consulta BUS',
      i_active: true,
      Permissions: [grant('/movement', 'Ver'), grant('/profile', 'Ver', 'Editar')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ v_name: 'Consulta BUS', Permissions: [grant('/movement', 'Ver'), grant('/profile', 'Ver', 'Editar')] });
    expect(await count(t, 'log_user', `v_section = 'Roles y permisos' AND v_activity = 'Editó el rol Consulta BUS'`)).toBe(1);
  });

  it('keeps system roles: no rename, no deactivation', async () => {
    const techfar = await detail(ROLE_IDS.techfar);
    await refused(
      () => editRole(SUPER, { v_uid: ROLE_IDS.techfar, v_name: 'operaciones', i_active: true, Permissions: techfar.Permissions }),
      422,
      'Los roles del sistema no se pueden renombrar',
    );
    await refused(
      () => editRole(SUPER, { v_uid: ROLE_IDS.techfar, v_name: 'techfar', i_active: false, Permissions: techfar.Permissions }),
      422,
      'Los roles del sistema no se pueden desactivar',
    );
  });

  it('keeps Ver and Editar on /roles-permissions for the super role', async () => {
    const current = (await detail(ROLE_IDS.super)).Permissions as Grant[];
    const without = (url: string, keep: PermissionName[]) => current.map((g) => (g.v_uid_menu === menuIdByUrl(url) ? grant(url, ...keep) : g));
    const message = 'El rol super debe conservar Ver y Editar en Roles y permisos';
    await refused(
      () => editRole(SUPER, { v_uid: ROLE_IDS.super, v_name: 'super', i_active: true, Permissions: without('/roles-permissions', ['Ver']) }),
      422,
      message,
    );
    await refused(
      () =>
        editRole(SUPER, {
          v_uid: ROLE_IDS.super,
          v_name: 'super',
          i_active: true,
          Permissions: current.filter((g) => g.v_uid_menu !== menuIdByUrl('/roles-permissions')),
        }),
      422,
      message,
    );
    await refused(() => as(SUPER, rbac('POST', 'permission', { v_uid_role: ROLE_IDS.super, t_json: without('/roles-permissions', ['Editar']) })), 422, message);
    // Taking away something else is fine.
    const res = await editRole(SUPER, {
      v_uid: ROLE_IDS.super,
      v_name: 'super',
      i_active: true,
      Permissions: without('/roles-permissions', ['Ver', 'Agregar', 'Editar', 'Borrar', 'Desactivar']),
    });
    expect(res.statusCode).toBe(200);
    await editRole(SUPER, { v_uid: ROLE_IDS.super, v_name: 'super', i_active: true, Permissions: current });
  });

  it('refuses a duplicate name, an unknown role, and anyone but super', async () => {
    const id = await customRole('WAL');
    await refused(() => editRole(SUPER, { v_uid: id, v_name: 'wallet', i_active: true, Permissions: [] }), 409, 'Ya existe un rol con ese nombre');
    await refused(
      () => editRole(SUPER, { v_uid: '00000000-0000-4000-8000-000000000000', v_name: 'Nada', i_active: true, Permissions: [] }),
      404,
      'El rol no existe',
    );
    await refused(() => editRole(TECHFAR, { v_uid: id, v_name: 'Cambio', i_active: true, Permissions: [] }), 403, SUPER_ONLY);
    await refused(
      () => editRole(BUSINESS, { v_uid: ROLE_IDS.business, v_name: 'business', i_active: true, Permissions: defaultGrants('business') }),
      403,
      SUPER_ONLY,
    );
  });
});

describe('a role edited changes what its users can do', () => {
  const putMe = (who: string) => as(who, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Comercializadora Demo SA de CV' } });

  it('removing Editar on /profile from business forbids PUT /account/me to business users, restoring it allows it again', async () => {
    const original = (await detail(ROLE_IDS.business)).Permissions as Grant[];
    const withoutEdit = original.map((g) => (g.v_uid_menu === menuIdByUrl('/profile') ? grant('/profile', 'Ver') : g));
    expect((await putMe(BUSINESS)).statusCode).toBe(200);
    try {
      expect((await editRole(SUPER, { v_uid: ROLE_IDS.business, v_name: 'business', i_active: true, Permissions: withoutEdit })).statusCode).toBe(200);
      for (const who of [BUSINESS, BUSINESS_2]) {
        const res = await putMe(who);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORBIDDEN);
      }
      const profile = ((await as(BUSINESS, rbac('GET', 'menu/permission'))).json().data as Array<{ v_url: string; granted: string[] }>).find(
        (e) => e.v_url === '/profile',
      );
      expect(profile!.granted).toEqual(['Ver']);
      // Other kinds are untouched.
      expect((await as(WALLET, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Diego' } })).statusCode).toBe(200);
    } finally {
      await editRole(SUPER, { v_uid: ROLE_IDS.business, v_name: 'business', i_active: true, Permissions: original });
    }
    expect((await putMe(BUSINESS)).statusCode).toBe(200);
    expect((await putMe(BUSINESS_2)).statusCode).toBe(200);
  });

  it("applies a custom FAR role's grants to a user assigned to it, and its deactivation shuts them out", async () => {
    const id = await customRole('FAR', [grant('/dashboard', 'Ver'), grant('/log', 'Ver'), grant('/profile', 'Ver')], 'Auditoría');
    const email = 'auditora@far.mx';
    await addUser(t, email, TECHFAR, { roleId: id });

    const login = (await signin(t, email)).json().data;
    expect(login.RoleId).toBe(id);
    expect(JSON.parse(Buffer.from(login.IdToken.split('.')[1], 'base64url').toString())).toMatchObject({
      'custom:user_group': 'Auditoría',
      'custom:user_type': 'FAR',
      'custom:role_id': id,
    });

    const can = async (opts: InjectOptions) => (await as(email, opts)).statusCode;
    expect(await can({ method: 'GET', url: '/api/v1/logs' })).toBe(200);
    expect(await can({ method: 'GET', url: '/api/v1/dashboard/summary' })).toBe(200);
    expect(await can({ method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Auditora' } })).toBe(403);
    expect(await can(rbac('POST', 'roles', {}))).toBe(403);
    // The menu shows only what the role may see.
    expect(await menuUrls(email)).toEqual(['/dashboard', '/profile', '/log']);
    const grants = new Map(
      ((await as(email, rbac('GET', 'menu/permission'))).json().data as Array<{ v_url: string; granted: string[] }>).map((e) => [e.v_url, e.granted]),
    );
    expect(Object.fromEntries(grants)).toEqual({ '/dashboard': ['Ver'], '/profile': ['Ver'], '/log': ['Ver'] });

    // Granting Ver on the roles screen lets them list roles, but creating one stays super's alone.
    const res = await as(
      SUPER,
      rbac('POST', 'permission', { v_uid_role: id, t_json: [grant('/dashboard', 'Ver'), grant('/log', 'Ver'), grant('/roles-permissions', 'Ver', 'Agregar')] }),
    );
    expect(res.statusCode).toBe(200);
    expect(await menuUrls(email)).toEqual(['/dashboard', '/log', '/roles-permissions']);
    expect(await can(rbac('POST', 'roles', {}))).toBe(200);
    expect(await can(rbac('POST', 'create', { v_name: 'Otro', v_client_prefix: 'FAR', Permissions: [] }))).toBe(403);

    expect((await bulk(SUPER, 'desactivar', [id])).statusCode).toBe(200);
    expect(await can({ method: 'GET', url: '/api/v1/logs' })).toBe(401);
    const denied = await signin(t, email);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().data.DenialReason).toBe('Tu rol está desactivado. Contacta a un administrador.');
    expect((await bulk(SUPER, 'activar', [id])).statusCode).toBe(200);
    expect((await signin(t, email)).statusCode).toBe(200);
  });
});

describe('roles: delete and bulk', () => {
  it('deletes a custom role without users, with its grants, and records it', async () => {
    const id = await customRole('BUS', [grant('/help', 'Ver')], 'Temporal');
    const res = await deleteRole(SUPER, id);
    expect(res.statusCode).toBe(200);
    expect(await count(t, 'roles', 'v_uid = $1', [id])).toBe(0);
    expect(await count(t, 'role_permissions', 'v_uid_role = $1', [id])).toBe(0);
    expect(await count(t, 'log_user', `v_section = 'Roles y permisos' AND v_action = 'Borrar' AND v_activity = 'Eliminó el rol Temporal'`)).toBe(1);
  });

  it('never deletes your own role, a system role, or a role with users', async () => {
    await refused(() => deleteRole(SUPER, ROLE_IDS.super), 422, 'No puedes eliminar tu propio rol');
    await refused(() => deleteRole(SUPER, ROLE_IDS.wallet), 422, 'El rol del sistema wallet no se puede eliminar');
    const id = await customRole('WAL', [], 'Con usuarios');
    await addUser(t, 'asignado@wallet.mx', WALLET, { newTenant: true, roleId: id });
    await refused(() => deleteRole(SUPER, id), 422, 'El rol Con usuarios tiene 1 usuario(s) asignado(s); reasígnalos antes de eliminarlo');
  });

  it('refuses anyone but super, an unknown role and a bad id', async () => {
    const id = await customRole('FAR');
    await refused(() => deleteRole(TECHFAR, id), 403, SUPER_ONLY);
    await refused(() => deleteRole(BUSINESS, id), 403, SUPER_ONLY);
    await refused(() => deleteRole(SUPER, '00000000-0000-4000-8000-000000000000'), 404, 'El rol no existe');
    await refused(() => deleteRole(SUPER, 'no-uuid'), 400, 'Identificador no válido');
  });

  it('deactivates, activates and deletes several roles at once', async () => {
    const ids = [await customRole('FAR'), await customRole('BUS')];
    expect((await bulk(SUPER, 'desactivar', ids)).json().data).toEqual({ Affected: 2 });
    expect(await count(t, 'roles', 'v_uid = ANY($1::uuid[]) AND NOT i_active', [ids])).toBe(2);
    expect((await bulk(SUPER, 'activar', ids)).statusCode).toBe(200);
    expect(await count(t, 'roles', 'v_uid = ANY($1::uuid[]) AND i_active', [ids])).toBe(2);
    expect((await bulk(SUPER, 'borrar', ids)).statusCode).toBe(200);
    expect(await count(t, 'roles', 'v_uid = ANY($1::uuid[])', [ids])).toBe(0);
  });

  it('is all or nothing: one refused role leaves every other untouched', async () => {
    const free = await customRole('FAR');
    await refused(() => bulk(SUPER, 'desactivar', [free, ROLE_IDS.techfar]), 422, 'El rol del sistema techfar no se puede desactivar');
    await refused(() => bulk(SUPER, 'borrar', [free, ROLE_IDS.business]), 422, 'El rol del sistema business no se puede eliminar');
    await refused(() => bulk(SUPER, 'desactivar', [free, ROLE_IDS.super]), 422, 'El rol del sistema super no se puede desactivar');
    await refused(() => bulk(SUPER, 'borrar', [free, '00000000-0000-4000-8000-000000000000']), 404, 'El rol no existe');
  });

  it('refuses bad input and anyone but super', async () => {
    const id = await customRole('FAR');
    await refused(() => bulk(SUPER, 'archivar', [id]), 400, 'Acción no válida');
    await refused(() => bulk(SUPER, 'borrar', []), 400, 'Selecciona al menos un registro');
    await refused(() => bulk(TECHFAR, 'desactivar', [id]), 403, SUPER_ONLY);
    await refused(() => bulk(WALLET, 'borrar', [id]), 403, SUPER_ONLY);
  });
});

describe('menu entries: POST /rbac/menu and PUT /rbac/menu/{id}', () => {
  const entry = (changes: object = {}) => ({
    v_name: 'Conciliación',
    v_url: '/conciliation',
    v_client_prefix: ['FAR'],
    v_permissions: [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar],
    v_icon: 'scale',
    i_order: 7,
    i_active: false,
    ...changes,
  });

  it('lets super add an entry; once active it shows, at its order, to roles granted Ver on it', async () => {
    const res = await as(SUPER, rbac('POST', 'menu', entry()));
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ v_url: '/conciliation', v_client_prefix: ['FAR'], i_order: 7, i_active: false, v_uid_children: null });
    expect(await count(t, 'log_user', `v_section = 'Roles y permisos' AND v_activity = 'Creó la entrada de menú Conciliación'`)).toBe(1);
    const role = await customRole('FAR', [
      grant('/dashboard', 'Ver'),
      grant('/log', 'Ver'),
      { v_uid_menu: created.v_uid, v_permissions: [PERMISSION_IDS.Ver] },
    ]);
    const email = 'conciliador@far.mx';
    await addUser(t, email, TECHFAR, { roleId: role });
    // Inactive entries count for nobody, even when granted.
    expect(await menuUrls(email)).toEqual(['/dashboard', '/log']);
    try {
      expect((await as(SUPER, rbac('PUT', `menu/${created.v_uid}`, entry({ i_active: true })))).statusCode).toBe(200);
      expect(await menuUrls(email)).toEqual(['/dashboard', '/log', '/conciliation']);
      expect(await menuUrls(TECHFAR)).not.toContain('/conciliation');
      expect(await menuUrls(BUSINESS)).not.toContain('/conciliation');
    } finally {
      await as(SUPER, rbac('PUT', `menu/${created.v_uid}`, entry()));
    }
    expect(await menuUrls(email)).toEqual(['/dashboard', '/log']);
  });

  it.each([
    ['a bad url', entry({ v_url: 'Conciliación' }), 400, 'Ruta no válida'],
    ['no permissions', entry({ v_permissions: [] }), 400, 'Selecciona al menos un permiso'],
    ['an unknown permission', entry({ v_permissions: ['00000000-0000-4000-8000-000000000000'] }), 400, 'Permiso no válido'],
    ['no client kind', entry({ v_client_prefix: [] }), 400, 'Selecciona al menos un tipo de cliente'],
    ['an unknown related entry', entry({ v_uid_children: '00000000-0000-4000-8000-000000000000' }), 400, 'La entrada de menú relacionada no existe'],
    [
      'the url of an entry of the same kind',
      entry({ v_url: '/dashboard', v_client_prefix: ['BUS'] }),
      409,
      'Ya existe una entrada de menú con esa ruta para ese tipo de cliente',
    ],
  ])('refuses %s, writing nothing', async (_what, body, status, message) => {
    await refused(() => as(SUPER, rbac('POST', 'menu', body)), status, message);
  });

  it('refuses anyone but super', async () => {
    await refused(() => as(TECHFAR, rbac('POST', 'menu', entry())), 403, SUPER_ONLY);
    await refused(() => as(BUSINESS, rbac('PUT', `menu/${menuIdByUrl('/help')}`, seedBody('/help', { i_active: false }))), 403, SUPER_ONLY);
    await refused(() => as(TECHFAR, rbac('PUT', `menu/${menuIdByUrl('/help')}`, seedBody('/help', { i_active: false }))), 403, SUPER_ONLY);
  });

  it('refuses an unknown or malformed id', async () => {
    await refused(() => as(SUPER, rbac('PUT', 'menu/00000000-0000-4000-8000-000000000000', entry())), 404, 'La entrada de menú no existe');
    await refused(() => as(SUPER, rbac('PUT', 'menu/123', entry())), 400, 'Identificador no válido');
  });

  it('keeps the roles screen usable: it cannot be switched off, moved or stripped of Ver and Editar', async () => {
    const id = menuIdByUrl('/roles-permissions');
    const message = 'La entrada Roles y permisos debe seguir activa, en /roles-permissions, para FAR y con Ver y Editar';
    for (const change of [{ i_active: false }, { v_url: '/roles' }, { v_client_prefix: ['BUS'] }, { v_permissions: [PERMISSION_IDS.Ver] }]) {
      await refused(() => as(SUPER, rbac('PUT', `menu/${id}`, seedBody('/roles-permissions', change))), 422, message);
    }
    const renamed = await as(SUPER, rbac('PUT', `menu/${id}`, seedBody('/roles-permissions', { v_name: 'Roles', v_icon: 'shield' })));
    expect(renamed.statusCode).toBe(200);
    await as(SUPER, rbac('PUT', `menu/${id}`, seedBody('/roles-permissions')));
    expect((await as(SUPER, rbac('POST', 'roles', {}))).statusCode).toBe(200);
  });
});

describe('permissions: POST /rbac/permission and PUT /rbac/permission/{id}', () => {
  const permissionRow = async (role: string) => (await t.sql<{ v_uid: string }>(`SELECT v_uid FROM role_permissions WHERE v_uid_role = $1`, [role]))[0]!.v_uid;

  it("sets a role's grants, by role or by the permission's id", async () => {
    const id = await customRole('WAL', [grant('/profile', 'Ver')]);
    const set = await as(SUPER, rbac('POST', 'permission', { v_uid_role: id, t_json: [grant('/movement', 'Ver')] }));
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ v_uid_role: id, t_json: [grant('/movement', 'Ver')] });
    const row = await permissionRow(id);
    const put = await as(SUPER, rbac('PUT', `permission/${row}`, { v_uid_role: id, t_json: [grant('/movement', 'Ver'), grant('/profile', 'Ver', 'Editar')] }));
    expect(put.statusCode).toBe(200);
    expect(put.json().data.v_uid).toBe(row);
    expect((await detail(id)).Permissions).toEqual([grant('/movement', 'Ver'), grant('/profile', 'Ver', 'Editar')]);
    expect(await count(t, 'log_user', `v_section = 'Roles y permisos' AND v_activity LIKE 'Actualizó los permisos del rol %'`)).toBeGreaterThanOrEqual(2);
  });

  it('refuses grants of another kind, a permission of another role, unknown ids, and anyone but super', async () => {
    const id = await customRole('WAL');
    await refused(
      () => as(SUPER, rbac('POST', 'permission', { v_uid_role: id, t_json: [grant('/log', 'Ver')] })),
      400,
      'El permiso hace referencia a una entrada de menú que no corresponde al tipo de cliente del rol',
    );
    const walletRow = await permissionRow(ROLE_IDS.wallet);
    await refused(() => as(SUPER, rbac('PUT', `permission/${walletRow}`, { v_uid_role: id, t_json: [] })), 400, 'El permiso pertenece a otro rol');
    await refused(() => as(SUPER, rbac('PUT', 'permission/00000000-0000-4000-8000-000000000000', { v_uid_role: id, t_json: [] })), 404, 'El permiso no existe');
    await refused(() => as(SUPER, rbac('POST', 'permission', { v_uid_role: '00000000-0000-4000-8000-000000000000', t_json: [] })), 404, 'El rol no existe');
    await refused(() => as(TECHFAR, rbac('POST', 'permission', { v_uid_role: id, t_json: [] })), 403, SUPER_ONLY);
    await refused(() => as(BUSINESS, rbac('POST', 'permission', { v_uid_role: ROLE_IDS.business, t_json: defaultGrants('business') })), 403, SUPER_ONLY);
  });
});
