import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, userRow, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Known rows on known days (Mexico City has no DST since 2022; January is UTC-6 anyway).
  const activity: Array<[string, string, string]> = [
    ['2020-01-14T23:59:00-06:00', 'Fechas', 'Antes del día'],
    ['2020-01-15T00:00:00-06:00', 'Fechas', 'Primer minuto del día'],
    ['2020-01-15T23:30:00-06:00', 'Fechas', 'Último tramo del día'],
    ['2020-01-16T00:00:00-06:00', 'Fechas', 'Después del día'],
  ];
  for (let i = 1; i <= 7; i++) activity.push([`2021-03-0${i}T12:00:00-06:00`, 'Paginado', `Registro ${i} de paginado`]);
  for (const [at, section, text] of activity) {
    await t.sql(`INSERT INTO log_user (d_create_at, v_section, v_action, v_activity, v_client) VALUES ($1, $2, 'Prueba', $3, 'BUS999999')`, [
      at,
      section,
      text,
    ]);
  }
  await t.sql(
    `INSERT INTO logs (d_create_at, v_type, v_message, t_detail) VALUES ('2020-01-15T10:00:00-06:00', 'integracion', 'Tiempo de espera agotado con el proveedor', 'POST /upstream'), ('2020-02-01T10:00:00-06:00', 'system', 'Fallo inesperado', 'detalle')`,
  );
});
afterAll(() => t.close());

type Query = Record<string, string | number>;
const qs = (query: Query) => new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
const logs = (who: string | null, query: Query = {}) => t.call(who, { method: 'GET', url: `/api/v1/logs?${qs(query)}` });
const page = async (query: Query, who = SUPER) => {
  const res = await logs(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Array<Record<string, unknown>>; page: number; perPage: number; pages: number; total: number };
};
const activities = async (query: Query) => (await page(query)).items.map((i) => i.v_activity);

describe('GET /api/v1/logs', () => {
  it('lists user activity by default, newest first, with the paging fields', async () => {
    const p = await page({});
    expect(Object.keys(p).sort()).toEqual(['items', 'page', 'pages', 'perPage', 'total']);
    expect(p).toMatchObject({ page: 1, perPage: 10, total: await count(t, 'log_user') });
    expect(p.pages).toBe(Math.ceil(p.total / 10));
    const dates = p.items.map((i) => i.d_create_at as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(p.items[0]!).sort()).toEqual(
      ['d_create_at', 'v_action', 'v_activity', 'v_client', 'v_section', 'v_uid', 'v_uid_user', 'v_uid_user_parent', 'v_user_email', 'v_user_name'].sort(),
    );
  });

  it('pages through a filtered list', async () => {
    const first = await page({ section: 'Paginado', perPage: 3 });
    expect(first).toMatchObject({ page: 1, perPage: 3, pages: 3, total: 7 });
    expect(first.items.map((i) => i.v_activity)).toEqual(['Registro 7 de paginado', 'Registro 6 de paginado', 'Registro 5 de paginado']);
    const last = await page({ section: 'Paginado', perPage: 3, page: 3 });
    expect(last.items.map((i) => i.v_activity)).toEqual(['Registro 1 de paginado']);
    expect((await page({ section: 'Paginado', perPage: 3, page: 4 })).items).toEqual([]);
  });

  it('searches the activity, action, section and client, case-insensitively', async () => {
    expect(await activities({ search: 'REGISTRO 3' })).toEqual(['Registro 3 de paginado']);
    expect((await page({ search: 'bus999999' })).total).toBe(11);
    expect((await page({ search: 'sin-coincidencias-xyz' })).total).toBe(0);
  });

  it('filters by day in Mexico City time, from and to inclusive', async () => {
    expect(await activities({ section: 'Fechas', from: '2020-01-15', to: '2020-01-15' })).toEqual(['Último tramo del día', 'Primer minuto del día']);
    expect(await activities({ section: 'Fechas', from: '2020-01-15' })).toEqual(['Después del día', 'Último tramo del día', 'Primer minuto del día']);
    expect(await activities({ section: 'Fechas', to: '2020-01-14' })).toEqual(['Antes del día']);
  });

  it('lists system incidents with their own filters', async () => {
    const p = await page({ kind: 'incident', perPage: 100 });
    expect(p.total).toBe(await count(t, 'logs'));
    expect(Object.keys(p.items[0]!).sort()).toEqual(['d_create_at', 't_detail', 'v_client', 'v_message', 'v_type', 'v_uid', 'v_uid_type_incident']);
    const byType = await page({ kind: 'incident', section: 'integracion' });
    expect(byType.items.map((i) => i.v_message)).toEqual(['Tiempo de espera agotado con el proveedor']);
    expect((await page({ kind: 'incident', search: 'upstream' })).total).toBe(1);
    expect((await page({ kind: 'incident', from: '2020-01-01', to: '2020-01-31' })).items.map((i) => i.v_type)).toEqual(['integracion']);
  });

  it('names the user of each entry', async () => {
    await t.token(TECHFAR);
    const [entry] = (await page({ search: 'Inicio de sesión', perPage: 100 })).items.filter((i) => i.v_user_email === TECHFAR);
    expect(entry).toMatchObject({
      v_section: 'Sesión',
      v_action: 'Iniciar sesión',
      v_user_name: 'Carlos Méndez Luna',
      v_uid_user: (await userRow(t, TECHFAR)).v_uid,
    });
  });

  it.each<Query>([{ kind: 'todo' }, { from: 'ayer' }, { to: '2020-13-01' }, { perPage: 0 }, { perPage: 101 }, { page: 'cero' }])(
    'refuses %j in Spanish',
    async (query) => {
      const res = await logs(SUPER, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, ErrorCode: 'VALIDATION' });
      expect(res.json().message).toMatch(/[a-záéíóúñ]/);
    },
  );

  it('gives the dates a Spanish message', async () => {
    expect((await logs(SUPER, { from: 'ayer' })).json().message).toBe('Fecha no válida');
  });

  it('is for staff only: techfar reads it, business and wallet get 403', async () => {
    expect((await page({ kind: 'incident' }, TECHFAR)).total).toBeGreaterThan(0);
    for (const who of [BUSINESS, BUSINESS_2, WALLET]) {
      for (const kind of ['activity', 'incident']) {
        const res = await logs(who, { kind });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
      }
    }
    expect((await logs(null)).statusCode).toBe(401);
  });
});

describe('state changes write log-user entries', () => {
  it('records a role created by super under "Roles y permisos"', async () => {
    const res = await t.call(SUPER, {
      method: 'POST',
      url: '/api/v1/rbac/create',
      payload: { v_name: 'Rol para bitácora', v_client_prefix: 'FAR', Permissions: [] },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = (await page({ section: 'Roles y permisos', search: 'Rol para bitácora' })).items;
    expect(entry).toMatchObject({ v_section: 'Roles y permisos', v_action: 'Agregar', v_activity: 'Creó el rol Rol para bitácora', v_user_email: SUPER });
  });

  it("records a profile change with the user's tenant", async () => {
    await t.call(BUSINESS_2, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Lucía' } });
    const [entry] = (await page({ section: 'Perfil', search: (await userRow(t, BUSINESS_2)).v_client })).items;
    expect(entry).toMatchObject({ v_action: 'Editar', v_activity: 'Actualizó sus datos de perfil', v_user_email: BUSINESS_2 });
  });

  it('records failed sign-ins, and not the attempted password', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: WALLET, Password: 'ClaveSecreta99' } });
    const [entry] = (await page({ section: 'Sesión', search: 'Intento fallido' })).items;
    expect(entry).toMatchObject({ v_user_email: WALLET, v_activity: 'Contraseña incorrecta (4 intentos restantes)' });
    expect(await count(t, 'log_user', `v_activity LIKE '%ClaveSecreta99%' OR t_detail::text LIKE '%ClaveSecreta99%'`)).toBe(0);
    await t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: WALLET, Password: 'Demo#2026' } });
  });
});
