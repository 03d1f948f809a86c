import { STATUS_IDS, statusName } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, addUserWithGrants, count, createTestApp, userRow, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Activity = { v_uid_user: string | null; v_client: string | null; v_activity: string; d_create_at: string };
const summary = async (who: string) => {
  const res = await t.call(who, { method: 'GET', url: '/api/v1/dashboard/summary' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** Activity per Mexico City day over the last 14 days, as SQL counts it (optionally for one tenant). */
const activityByDaySql = (client?: string) =>
  t.sql<{ day: string; total: number }>(
    `SELECT to_char(d_create_at AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD') AS day, count(*)::int AS total
       FROM log_user WHERE d_create_at >= now() - interval '14 days' AND ($1::text IS NULL OR v_client = $1) GROUP BY 1 ORDER BY 1`,
    [client ?? null],
  );

describe('GET /api/v1/dashboard/summary for FAR staff', () => {
  it('gives the real figures: users per kind and status, blocked users, incidents today, activity per day', async () => {
    const blocked = await addUser(t, 'bloqueado@demo.mx', BUSINESS, { newTenant: true });
    await t.sql(`UPDATE users SET v_uid_status = $2 WHERE v_uid = $1`, [blocked.v_uid, STATUS_IDS['activo-bloqueado']]);
    await t.sql(`INSERT INTO logs (v_type, v_message) VALUES ('system', 'Incidencia de hoy')`);
    await t.sql(`INSERT INTO logs (d_create_at, v_type, v_message) VALUES (now() - interval '3 days', 'system', 'Incidencia antigua')`);
    await t.sql(
      `INSERT INTO log_user (d_create_at, v_section, v_action, v_activity) VALUES (now() - interval '3 days', 'Pruebas', 'Prueba', 'Hace tres días'), (now() - interval '20 days', 'Pruebas', 'Prueba', 'Hace veinte días')`,
    );

    for (const who of [SUPER, TECHFAR]) {
      const d = await summary(who);
      const perKind = await t.sql<{ kind: string; n: number }>(`SELECT substr(v_client, 1, 3) AS kind, count(*)::int AS n FROM users GROUP BY 1`);
      expect(d.kind).toBe('FAR');
      expect(d.totals).toEqual({ FAR: 0, BUS: 0, WAL: 0, ...Object.fromEntries(perKind.map((r) => [r.kind, r.n])) });

      const perStatus = await t.sql<{ kind: string; status: string; total: number }>(
        `SELECT substr(v_client, 1, 3) AS kind, v_uid_status AS status, count(*)::int AS total FROM users GROUP BY 1, 2`,
      );
      const key = (r: { kind: string; status: string; total: number }) => `${r.kind}/${r.status}/${r.total}`;
      expect(d.usersByKindAndStatus.map(key).sort()).toEqual(perStatus.map((r) => key({ ...r, status: statusName(r.status)! })).sort());

      const [{ n: blockedCount }] = (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE v_uid_status = ANY($1::uuid[])`, [
        [STATUS_IDS['activo-bloqueado'], STATUS_IDS['inactivo-bloqueado']],
      ])) as [{ n: number }];
      expect(d.blockedUsers).toBe(blockedCount);
      expect(blockedCount).toBeGreaterThanOrEqual(1);

      const [{ n: today }] = (await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM logs WHERE d_create_at >= date_trunc('day', now() AT TIME ZONE 'America/Mexico_City') AT TIME ZONE 'America/Mexico_City'`,
      )) as [{ n: number }];
      expect(d.incidentsToday).toBe(today);
      expect(d.activityByDay).toEqual(await activityByDaySql());

      const latest = d.latestActivity as Activity[];
      expect(latest).toHaveLength(Math.min(10, await count(t, 'log_user')));
      expect(latest.map((a) => a.d_create_at)).toEqual(
        latest
          .map((a) => a.d_create_at)
          .sort()
          .reverse(),
      );
    }
  });

  it('refuses a FAR role without Ver on /dashboard', async () => {
    await addUserWithGrants(t, 'sin-tablero@far.mx', TECHFAR, {});
    const res = await t.call('sin-tablero@far.mx', { method: 'GET', url: '/api/v1/dashboard/summary' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
  });

  it('needs a session', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/v1/dashboard/summary' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/dashboard/summary for a business', () => {
  it("shows only its own business's users and activity", async () => {
    const own = await userRow(t, BUSINESS);
    const other = await userRow(t, BUSINESS_2);
    const colleague = await addUser(t, 'colega@demo.mx', BUSINESS);
    await t.token('colega@demo.mx');
    await t.call(BUSINESS_2, { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Lucía' } });
    await t.sql(
      `INSERT INTO log_user (d_create_at, v_client, v_section, v_action, v_activity) VALUES (now() - interval '2 days', $1, 'Pruebas', 'Prueba', 'Actividad de otro negocio')`,
      [other.v_client],
    );

    const d = await summary(BUSINESS);
    expect(d.kind).toBe('BUS');
    expect(d.business).toMatchObject({ v_client: own.v_client, AccountNumber: expect.stringMatching(/^646180\d{12}$/) });
    expect(d.business.v_names).toBeTruthy();
    expect(d).not.toHaveProperty('totals');
    expect(d).not.toHaveProperty('usersByKindAndStatus');
    expect(d.usersByStatus).toEqual([{ status: 'activo', total: 2 }]);
    expect(d.activityByDay).toEqual(await activityByDaySql(own.v_client));

    const latest = d.latestActivity as Activity[];
    expect(latest.length).toBeGreaterThan(0);
    for (const a of latest) expect(a.v_client).toBe(own.v_client);
    expect(latest.some((a) => a.v_uid_user === colleague.v_uid)).toBe(true);
    expect(latest.some((a) => a.v_uid_user === other.v_uid)).toBe(false);
  });

  it('shows the other business only its own', async () => {
    const own = await userRow(t, BUSINESS_2);
    const d = await summary(BUSINESS_2);
    expect(d.business).toMatchObject({ v_client: own.v_client, AccountNumber: expect.stringMatching(/^646180\d{12}$/) });
    expect(d.business.v_names).toBeTruthy();
    expect(d.usersByStatus).toEqual([{ status: 'activo', total: 1 }]);
    for (const a of d.latestActivity as Activity[]) expect(a.v_client).toBe(own.v_client);
    expect((d.latestActivity as Activity[]).map((a) => a.v_activity)).toContain('Actividad de otro negocio');
  });

  it('refuses a business role without Ver on /dashboard', async () => {
    await addUserWithGrants(t, 'sin-tablero@demo.mx', BUSINESS, {});
    expect((await t.call('sin-tablero@demo.mx', { method: 'GET', url: '/api/v1/dashboard/summary' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/dashboard/summary for a wallet user', () => {
  it('shows only their own activity', async () => {
    const me = await userRow(t, WALLET);
    const neighbour = await addUser(t, 'vecino@wallet.mx', WALLET, { newTenant: true });
    await t.token('vecino@wallet.mx');
    await t.call('vecino@wallet.mx', { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Vecino' } });

    const d = await summary(WALLET);
    expect(d.kind).toBe('WAL');
    expect(d.user.v_names).toBe('Diego');
    expect(d).not.toHaveProperty('usersByStatus');
    expect(d).not.toHaveProperty('totals');
    const latest = d.latestActivity as Activity[];
    expect(latest.length).toBeGreaterThan(0);
    for (const a of latest) expect(a.v_uid_user).toBe(me.v_uid);
    expect(latest.some((a) => a.v_uid_user === neighbour.v_uid)).toBe(false);
  });
});
