import { CATALOGS, CATALOGS_DEFINED_AT, CATALOG_NAMES, ROLE_IDS, STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spei from '../../../../packages/contracts/src/catalogs/spei-participants.json';
import { BUSINESS, SUPER, TECHFAR, WALLET, addRole, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalog = (who: string | null, name: string) => t.call(who, { method: 'GET', url: `/api/v1/catalogs/${name}` });
type Item = { v_uid: string; v_name: string; i_active: boolean; v_code?: string };
const items = async (name: string, who = BUSINESS) => {
  const res = await catalog(who, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Item[];
};

describe('GET /api/v1/catalogs/{name}', () => {
  it('knows exactly the nine catalogs of §3', () => {
    expect([...CATALOG_NAMES].sort()).toEqual([
      'area',
      'cms-sections',
      'financials-institutions',
      'permissions',
      'roles',
      'status',
      'types-clarifications',
      'types-incidents',
      'types-persons',
    ]);
  });

  it.each(CATALOG_NAMES.filter((n) => n !== 'roles'))('serves %s as the contracts define it', async (name) => {
    const list = await items(name);
    expect(list.length).toBeGreaterThan(0);
    expect(list).toEqual(CATALOGS[name].map((i) => ({ ...i, d_create_at: CATALOGS_DEFINED_AT, d_update_at: CATALOGS_DEFINED_AT })));
    for (const i of list) expect(i).toMatchObject({ v_uid: expect.stringMatching(/^[0-9a-f-]{36}$/), v_name: expect.any(String), i_active: true });
  });

  it('serves roles from the database, custom roles included', async () => {
    await addRole(t, BUSINESS, {}, { name: 'Cobranza', active: false });
    const roles = await items('roles', WALLET);
    expect(roles.map((r) => r.v_name).sort()).toEqual(['Cobranza', 'business', 'super', 'techfar', 'wallet']);
    expect(roles.find((r) => r.v_name === 'super')).toMatchObject({ v_uid: ROLE_IDS.super, i_active: true });
    expect(roles.find((r) => r.v_name === 'Cobranza')!.i_active).toBe(false);
    // §3: catalog-style records carry their dates; a role has those of its row.
    const [row] = await t.sql<{ d_create_at: Date }>(`SELECT d_create_at FROM roles WHERE v_name = 'Cobranza'`);
    expect(roles.find((r) => r.v_name === 'Cobranza')).toMatchObject({
      d_create_at: row!.d_create_at.toISOString(),
      d_update_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('builds financial institutions from the SPEI participants list', async () => {
    const banks = await items('financials-institutions', TECHFAR);
    expect(banks).toHaveLength(spei.banks.length);
    expect(banks.find((b) => b.v_code === '002')).toMatchObject({ v_name: 'Banamex', i_active: true });
    expect(banks.find((b) => b.v_code === '012')!.v_name).toBe('BBVA Mexico');
    expect(new Set(banks.map((b) => b.v_uid)).size).toBe(banks.length);
  });

  it('names the §4 statuses with their fixed ids', async () => {
    const status = await items('status', SUPER);
    expect(status.find((s) => s.v_name === 'activo-bloqueado')!.v_uid).toBe(STATUS_IDS['activo-bloqueado']);
    expect(status.find((s) => s.v_name === 'pendiente')!.v_uid).toBe(STATUS_IDS.pendiente);
  });

  it('refuses an unknown catalog in Spanish', async () => {
    for (const name of ['bancos', 'ROLES', 'roles%20']) {
      const res = await catalog(SUPER, name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, ErrorCode: 'VALIDATION', message: 'Catálogo no encontrado' });
    }
  });

  it('needs a session', async () => {
    expect((await catalog(null, 'status')).statusCode).toBe(401);
  });
});
