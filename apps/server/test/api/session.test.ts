import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, WALLET, createTestApp, lastCode, count, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (Email: string, Password: string) => t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email, Password } });

describe('Signin', () => {
  it('returns the login result of spec §3 with a 3600 s token', async () => {
    const res = await signin(BUSINESS, 'Demo#2026');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ AllowAccess: true, AvailableAtempts: 5, DenialReason: null, ExpiresIn: 3600 });
    expect(d.AccessToken).toMatch(/^ey/);
    const id = JSON.parse(Buffer.from(d.IdToken.split('.')[1], 'base64url').toString());
    expect(id).toMatchObject({ 'custom:user_type': 'BUS', 'custom:user_group': 'business', 'custom:role_id': d.RoleId });
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = await count(t, 'sessions');
    const res = await signin('no-es-correo', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Correo electrónico no válido');
    expect(await count(t, 'sessions')).toBe(before);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const a = await signin('nadie@demo.mx', 'Equivocada1');
    const b = await signin(WALLET, 'Equivocada1');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().data).toEqual(b.json().data);
  });

  it('blocks after five wrong passwords until the reset flow completes', async () => {
    const email = 'negocio@demo.mx';
    const left: number[] = [];
    for (let i = 0; i < 5; i++) left.push((await signin(email, 'Equivocada1')).json().data.AvailableAtempts);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const blocked = await signin(email, 'Demo#2026');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().data.DenialReason).toMatch(/bloqueada/);
    const [row] = await t.sql<{ status: string }>(`SELECT v_uid_status::text AS status FROM users WHERE v_email = $1`, [email]);
    expect(row?.status).toBeTruthy();

    const start = await t.app.inject({ method: 'POST', url: '/api/v1/account/Password/StartResetPassword', payload: { Email: email } });
    expect(start.json().data.CodeDeliveryDetails.Destination).toBe('n***@d***.mx');
    const code = await lastCode(t, email);
    const confirm = await t.app.inject({ method: 'POST', url: '/api/v1/account/Password/ConfirmResetPassword', payload: { Email: email, Code: code, Password: 'NuevaClave2026' } });
    expect(confirm.statusCode).toBe(200);
    expect((await signin(email, 'NuevaClave2026')).statusCode).toBe(200);
  });
});
