import { createHmac } from 'node:crypto';
import { ROLE_IDS, STATUS_IDS, menuIdByUrl } from '@far/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, createTestApp, freshToken, withToken, type TestApp } from '../helpers';

// The authenticated request path: the cached grants and menus follow a change made by ANOTHER
// process (written straight to the database, so this process's own invalidation plays no part),
// and a revoked session or a blocked user stops at once, cached grants or not.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const menuUrls = async (token: string) => {
  const res = await withToken(t, token, { method: 'GET', url: '/api/v1/rbac/menu' });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ v_url: string }>).map((e) => e.v_url);
};

describe('authenticated request path', () => {
  it('sees a grant removed by another process on the very next request, and its return', async () => {
    const token = await freshToken(t, BUSINESS);
    expect(await menuUrls(token)).toContain('/profile');
    const profile = menuIdByUrl('/profile');
    const [before] = await t.sql<{ t_json: string }>('SELECT t_json::text FROM role_permissions WHERE v_uid_role = $1', [ROLE_IDS.business]);
    await t.sql(
      `UPDATE role_permissions SET t_json = (SELECT jsonb_agg(g) FROM jsonb_array_elements(t_json) g WHERE g->>'v_uid_menu' <> $2) WHERE v_uid_role = $1`,
      [ROLE_IDS.business, profile],
    );
    expect(await menuUrls(token)).not.toContain('/profile');
    await t.sql('UPDATE role_permissions SET t_json = $2::jsonb WHERE v_uid_role = $1', [ROLE_IDS.business, before!.t_json]);
    expect(await menuUrls(token)).toContain('/profile');
  });

  it('sees a menu entry switched off by another process on the very next request', async () => {
    const token = await freshToken(t, BUSINESS);
    expect(await menuUrls(token)).toContain('/profile');
    await t.sql('UPDATE menu SET i_active = false WHERE v_uid = $1', [menuIdByUrl('/profile')]);
    try {
      expect(await menuUrls(token)).not.toContain('/profile');
    } finally {
      await t.sql('UPDATE menu SET i_active = true WHERE v_uid = $1', [menuIdByUrl('/profile')]);
    }
    expect(await menuUrls(token)).toContain('/profile');
  });

  it('refuses at once a revoked session and a blocked user, with the grants cached', async () => {
    const revoked = await freshToken(t, BUSINESS);
    await menuUrls(revoked);
    const sid = JSON.parse(Buffer.from(revoked.split('.')[1]!, 'base64url').toString()).sid as string;
    await t.sql('UPDATE sessions SET d_revoked_at = now() WHERE v_uid = $1', [sid]);
    expect((await withToken(t, revoked, { method: 'GET', url: '/api/v1/rbac/menu' })).statusCode).toBe(401);

    const token = await freshToken(t, BUSINESS);
    await menuUrls(token);
    const [user] = await t.sql<{ v_uid_status: string }>('SELECT v_uid_status FROM users WHERE v_email = $1', [BUSINESS]);
    await t.sql('UPDATE users SET v_uid_status = $2 WHERE v_email = $1', [BUSINESS, STATUS_IDS['activo-bloqueado']]);
    try {
      const res = await withToken(t, token, { method: 'GET', url: '/api/v1/rbac/menu' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    } finally {
      await t.sql('UPDATE users SET v_uid_status = $2 WHERE v_email = $1', [BUSINESS, user!.v_uid_status]);
    }
  });

  it('refuses a token signed with another key, with alg none, expired, or of another type', async () => {
    const token = await freshToken(t, BUSINESS);
    const [, body] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (head: object, payload: object, key: string | Uint8Array = t.config.jwtSecret) => {
      const unsigned = `${b64(head)}.${b64(payload)}`;
      return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      sign({ alg: 'HS256' }, claims, 'another-secret-another-secret-another'),
      `${b64({ alg: 'none' })}.${b64(claims)}.`,
      sign({ alg: 'HS512' }, claims),
      sign({ alg: 'HS256' }, { ...claims, exp: now - 1 }),
      sign({ alg: 'HS256' }, { ...claims, typ: 'id' }),
      sign({ alg: 'HS256' }, { ...claims, iss: 'someone-else' }),
      sign({ alg: 'HS256' }, { ...claims, sid: 'not-a-uuid' }),
      'a.b',
    ];
    for (const bad of refused) expect((await withToken(t, bad, { method: 'GET', url: '/api/v1/rbac/menu' })).statusCode).toBe(401);
    // The same claims, signed by us, pass: the refusals above are about what was changed.
    expect((await withToken(t, sign({ alg: 'HS256', typ: 'JWT' }, claims), { method: 'GET', url: '/api/v1/rbac/menu' })).statusCode).toBe(200);
  });
  it("finds a business user's business in the session statement: another business is 404, a deleted one stops the list at once", async () => {
    const token = await freshToken(t, BUSINESS);
    const list = (body: object) =>
      withToken(t, token, { method: 'POST', url: '/api/v1/transaction/business-movement/movements', payload: { Page: 1, Size: 10, ...body } });
    expect((await list({})).statusCode).toBe(200);
    const [other] = await t.sql<{ v_uid: string }>('SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1', [
      BUSINESS_2,
    ]);
    const denied = await list({ BusinessId: other!.v_uid });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe('La empresa no existe');
    const [own] = await t.sql<{ v_uid: string }>('SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1', [BUSINESS]);
    expect((await list({ BusinessId: own!.v_uid })).statusCode).toBe(200);
    await t.sql('UPDATE businesses SET d_deleted_at = now() WHERE v_uid = $1', [own!.v_uid]);
    try {
      expect((await list({})).statusCode).toBe(404);
    } finally {
      await t.sql('UPDATE businesses SET d_deleted_at = NULL WHERE v_uid = $1', [own!.v_uid]);
    }
    expect((await list({})).statusCode).toBe(200);
  });
  it('names a drizzle statement once it is hot, so each connection parses it once (PostgreSQL)', async () => {
    const names = await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 4; i += 1) await tx.execute(sql`SELECT count(*)::int AS n FROM menu WHERE i_active = ${true}`);
      if (t.database.kind !== 'postgres') return null;
      const prepared = (await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements`)) as unknown as {
        rows: Array<{ name: string; statement: string }>;
      };
      return prepared.rows;
    });
    if (!names) return;
    expect(names.find((n) => n.statement.includes('FROM menu WHERE i_active'))?.name).toMatch(/^far_/);
  });
});
