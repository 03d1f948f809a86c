import { createHash } from 'node:crypto';
import { ROLE_IDS, STATUS_IDS } from '@far/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../config';
import {
  BUSINESS,
  BUSINESS_2,
  SUPER,
  TECHFAR,
  WALLET,
  addUser,
  count,
  createTestApp,
  freshToken,
  lastCode,
  signin,
  userRow,
  withToken,
  type TestApp,
} from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/account/${url}`,
  payload: payload as InjectOptions['payload'],
});
const anon = (opts: InjectOptions) => t.app.inject(opts);
const me = (token: string) => withToken(t, token, { method: 'GET', url: '/api/v1/account/me' });
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
const wrong = (email: string) => signin(t, email, 'Equivocada1');
const refresh = (RefreshToken: string) => anon(post('Token/Refresh', { RefreshToken }));
const startReset = (Email: string) => anon(post('Password/StartResetPassword', { Email }));
const confirmReset = (Email: string, Code: string, Password: string) => anon(post('Password/ConfirmResetPassword', { Email, Code, Password }));
const POLICY = 'La contraseña debe tener al menos 8 caracteres, con letras y números';

/** Rows that a refused call must leave untouched. */
const writes = async () => ({
  sessions: await count(t, 'sessions'),
  activity: await count(t, 'log_user'),
  outbox: await count(t, 'outbox'),
  codes: await count(t, 'security_codes'),
  unknown: await count(t, 'unknown_signins'),
});

describe('Signin', () => {
  it.each([
    [SUPER, 'FAR', 'super', ROLE_IDS.super],
    [TECHFAR, 'FAR', 'techfar', ROLE_IDS.techfar],
    [BUSINESS, 'BUS', 'business', ROLE_IDS.business],
    [WALLET, 'WAL', 'wallet', ROLE_IDS.wallet],
  ])('returns the login result of spec §3 for %s', async (email, type, group, roleId) => {
    const res = await signin(t, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, IsSuccess: true, status: { code: 200 } });
    const d = res.json().data;
    expect(d).toMatchObject({ AllowAccess: true, AvailableAtempts: 5, DenialReason: null, RoleId: roleId, ExpiresIn: 3600, MustChangePassword: false });
    expect(d.AccessToken).toMatch(/^ey/);
    expect(claimsOf(d.IdToken)).toMatchObject({ email, 'custom:user_group': group, 'custom:user_type': type, 'custom:role_id': roleId });
    // The refresh token is <session id>.<secret>; only a hash of the secret is stored.
    const [sid, secret] = d.RefreshToken.split('.');
    const [row] = await t.sql<{ v_refresh_hash: string }>(`SELECT v_refresh_hash FROM sessions WHERE v_uid = $1`, [sid]);
    expect(row!.v_refresh_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect((await me(d.AccessToken)).json().data.v_email).toBe(email);
  });

  it.each([
    [{ Email: 'no-es-correo', Password: 'x' }, 'Correo electrónico no válido'],
    [{ Email: BUSINESS, Password: '' }, 'Este campo es requerido'],
    [{ Email: BUSINESS }, 'Este campo es requerido'],
  ])('refuses bad input %j in Spanish and writes nothing', async (payload, message) => {
    const before = await writes();
    const res = await anon(post('Signin', payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, IsSuccess: false, ErrorCode: 'VALIDATION', message });
    expect(res.json().errors[0]).toMatchObject({ message });
    expect(await writes()).toEqual(before);
  });

  it('answers an unknown e-mail exactly like a wrong password, down to the block at 0', async () => {
    await addUser(t, 'cuenta-real@demo.mx', BUSINESS);
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await wrong('cuenta-real@demo.mx');
      const b = await wrong('cuenta-inexistente@demo.mx');
      real.push([a.statusCode, a.json()]);
      unknown.push([b.statusCode, b.json()]);
    }
    expect(unknown).toEqual(real);
    expect(real.map((r) => (r as [number, { data: { AvailableAtempts: number } }])[1].data.AvailableAtempts)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(real.map((r) => (r as [number])[0])).toEqual([401, 401, 401, 401, 403, 403]);
    const last = (real[5] as [number, { data: { AllowAccess: boolean; DenialReason: string; AccessToken: null } }])[1];
    expect(last.data).toMatchObject({ AllowAccess: false, AccessToken: null });
    expect(last.data.DenialReason).toMatch(/bloqueada/);
  });

  it('blocks after five wrong passwords (activo-bloqueado) and then refuses even the right one', async () => {
    const email = 'bloqueo@demo.mx';
    await addUser(t, email, WALLET, { newTenant: true });
    const before = await freshToken(t, email);
    for (let i = 0; i < 5; i++) await wrong(email);
    const row = await userRow(t, email);
    expect(row.v_uid_status).toBe(STATUS_IDS['activo-bloqueado']);
    expect(row.i_attemps).toBe(0);
    const res = await signin(t, email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ErrorCode: 'FORBIDDEN', data: { AllowAccess: false, AvailableAtempts: 0, AccessToken: null } });
    expect(res.json().message).toBe(res.json().data.DenialReason);
    expect(res.json().message).toMatch(/^Tu cuenta está bloqueada/);
    // A session opened before the block stops working at once.
    expect((await me(before)).statusCode).toBe(401);
  });

  it('resets the count of attempts after a correct password', async () => {
    const email = 'contador@demo.mx';
    await addUser(t, email, BUSINESS);
    expect((await wrong(email)).json().data.AvailableAtempts).toBe(4);
    expect((await wrong(email)).json().data.AvailableAtempts).toBe(3);
    expect((await signin(t, email)).json().data.AvailableAtempts).toBe(5);
    expect((await userRow(t, email)).i_attemps).toBe(5);
    expect((await wrong(email)).json().data.AvailableAtempts).toBe(4);
  });

  it('refuses users who may not sign in, with a Spanish DenialReason, only after the right password', async () => {
    const email = 'inactivo@demo.mx';
    const { v_uid } = await addUser(t, email, BUSINESS);
    await t.sql(`UPDATE users SET v_uid_status = $2 WHERE v_uid = $1`, [v_uid, STATUS_IDS.desactivado]);
    const res = await signin(t, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().data.DenialReason).toBe('Tu cuenta no está activa. Contacta a un administrador.');
    expect((await wrong(email)).statusCode).toBe(401);
  });
});

describe('Token/Refresh', () => {
  it('rotates: the new token works, the old one fails, and replaying the old one revokes the session', async () => {
    const email = 'rotacion@demo.mx';
    await addUser(t, email, BUSINESS);
    const first = (await signin(t, email)).json().data;
    const second = await refresh(first.RefreshToken);
    expect(second.statusCode).toBe(200);
    const r2 = second.json().data;
    expect(r2).toMatchObject({ AllowAccess: true, ExpiresIn: 3600, RoleId: ROLE_IDS.business });
    expect(r2.RefreshToken).not.toBe(first.RefreshToken);
    expect(claimsOf(r2.IdToken)['custom:user_type']).toBe('BUS');
    expect((await me(r2.AccessToken)).statusCode).toBe(200);

    const third = await refresh(r2.RefreshToken);
    expect(third.statusCode).toBe(200);
    const r3 = third.json().data;

    // A replay well after the rotation (a moment after it is two tabs racing: session-cookie.test.ts).
    await t.sql(`UPDATE sessions SET d_update_at = d_update_at - interval '1 minute' WHERE v_uid = $1`, [first.RefreshToken.split('.')[0]]);
    const replay = await refresh(r2.RefreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Tu sesión expiró. Inicia sesión de nuevo.');
    // The replay revoked the whole session: even the newest pair is dead.
    expect((await refresh(r3.RefreshToken)).statusCode).toBe(401);
    expect((await me(r3.AccessToken)).statusCode).toBe(401);
    expect(
      await count(t, 'log_user', `v_section = 'Sesión' AND v_action = 'Revocar' AND v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [email]),
    ).toBe(1);
  });

  it('refuses a malformed or unknown token in Spanish', async () => {
    expect((await refresh('corto')).statusCode).toBe(400);
    const unknown = await refresh('00000000-0000-4000-8000-000000000000.secreto-inventado');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ ErrorCode: 'UNAUTHORIZED', message: 'Tu sesión expiró. Inicia sesión de nuevo.' });
  });
});

describe('LogOut', () => {
  it('makes the access token and the refresh token unusable at once', async () => {
    const email = 'salida@demo.mx';
    await addUser(t, email, WALLET, { newTenant: true });
    const d = (await signin(t, email)).json().data;
    expect((await me(d.AccessToken)).statusCode).toBe(200);
    const out = await withToken(t, d.AccessToken, post('LogOut', {}));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: null, status: { message: 'Sesión cerrada' } });
    const after = await me(d.AccessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.');
    expect((await refresh(d.RefreshToken)).statusCode).toBe(401);
    expect((await withToken(t, d.AccessToken, post('LogOut', {}))).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    expect((await anon(post('LogOut', {}))).statusCode).toBe(401);
    expect((await withToken(t, 'no.es.jwt', post('LogOut', {}))).statusCode).toBe(401);
  });
});

describe('temporary password', () => {
  const TEMPORARY = 'Debes cambiar tu contraseña temporal antes de continuar';

  it('allows only me, Password/Change, LogOut and the menu until the password is changed', async () => {
    const email = 'temporal@demo.mx';
    const { v_uid } = await addUser(t, email, BUSINESS);
    await t.sql(`UPDATE users SET b_must_change_password = true WHERE v_uid = $1`, [v_uid]);
    const login = (await signin(t, email)).json().data;
    expect(login.MustChangePassword).toBe(true);
    const token = login.AccessToken as string;

    const allowed: InjectOptions[] = [
      { method: 'GET', url: '/api/v1/account/me' },
      { method: 'GET', url: '/api/v1/rbac/menu' },
    ];
    const refused: InjectOptions[] = [
      { method: 'PUT', url: '/api/v1/account/me', payload: { v_names: 'Otro' } },
      { method: 'GET', url: '/api/v1/dashboard/summary' },
      { method: 'GET', url: '/api/v1/catalogs/status' },
      { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'profile' } },
      post('GetStatusByEmail', { Email: email }),
    ];
    for (const opts of allowed) expect((await withToken(t, token, opts)).statusCode, `${opts.method} ${String(opts.url)}`).toBe(200);
    for (const opts of refused) {
      const res = await withToken(t, token, opts);
      expect(res.statusCode, `${opts.method} ${String(opts.url)}`).toBe(403);
      expect(res.json().message).toBe(TEMPORARY);
    }
    expect((await me(token)).json().data.b_must_change_password).toBe(true);

    const changed = await withToken(t, token, post('Password/Change', { CurrentPassword: DEMO_PASSWORD, NewPassword: 'Definitiva2026' }));
    expect(changed.statusCode).toBe(200);
    for (const opts of refused.slice(0, 4)) expect((await withToken(t, token, opts)).statusCode, `${opts.method} ${String(opts.url)}`).toBe(200);
    expect((await signin(t, email, 'Definitiva2026')).json().data.MustChangePassword).toBe(false);
  });

  it('lets a user with a temporary password sign out', async () => {
    const email = 'temporal-salida@demo.mx';
    const { v_uid } = await addUser(t, email, WALLET, { newTenant: true });
    await t.sql(`UPDATE users SET b_must_change_password = true WHERE v_uid = $1`, [v_uid]);
    const token = await freshToken(t, email);
    expect((await withToken(t, token, post('LogOut', {}))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('Password/Change', () => {
  const change = (token: string, CurrentPassword: string, NewPassword: string) =>
    withToken(t, token, post('Password/Change', { CurrentPassword, NewPassword }));

  it('refuses a wrong current password, the same password and a weak one, changing nothing', async () => {
    const email = 'cambio-malo@demo.mx';
    await addUser(t, email, BUSINESS);
    const token = await freshToken(t, email);
    const hash = (await userRow(t, email)).v_password_hash;
    const cases: Array<[string, string, string]> = [
      ['Equivocada1', 'NuevaClave2026', 'La contraseña actual no es correcta'],
      [DEMO_PASSWORD, DEMO_PASSWORD, 'La nueva contraseña debe ser distinta de la actual'],
      [DEMO_PASSWORD, 'solo-letras', POLICY],
      [DEMO_PASSWORD, '12345678', POLICY],
      [DEMO_PASSWORD, 'abc1', POLICY],
    ];
    for (const [current, next, message] of cases) {
      const before = await writes();
      const res = await change(token, current, next);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      // A wrong current password is counted like a failed sign-in (and audited); nothing else is.
      if (current !== DEMO_PASSWORD) continue;
      expect(await writes()).toEqual(before);
    }
    expect((await userRow(t, email)).v_password_hash).toBe(hash);
    expect((await userRow(t, email)).i_attemps).toBe(4);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('blocks the account and ends its sessions after five wrong current passwords', async () => {
    const email = 'cambio-adivina@demo.mx';
    await addUser(t, email, BUSINESS);
    const token = await freshToken(t, email);
    for (let i = 0; i < 5; i++) expect((await change(token, `Equivocada${i}`, 'NuevaClave2026')).statusCode).toBe(400);
    expect((await me(token)).statusCode).toBe(401);
    expect((await signin(t, email, DEMO_PASSWORD)).statusCode).toBe(403);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const email = 'cambio@demo.mx';
    await addUser(t, email, BUSINESS);
    const current = await freshToken(t, email);
    const other = await freshToken(t, email);
    const res = await change(current, DEMO_PASSWORD, 'NuevaClave2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().status.message).toBe('Contraseña actualizada');
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signin(t, email)).statusCode).toBe(401);
    expect((await signin(t, email, 'NuevaClave2026')).statusCode).toBe(200);
    expect((await userRow(t, email)).v_password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('needs a session', async () => {
    expect((await anon(post('Password/Change', { CurrentPassword: DEMO_PASSWORD, NewPassword: 'NuevaClave2026' }))).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sends a six-digit code and answers with a masked destination', async () => {
    const before = await count(t, 'outbox', 'v_to = $1', [BUSINESS_2]);
    const res = await startReset(BUSINESS_2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@d***.mx' }, ExpiresIn: 300 });
    expect(await count(t, 'outbox', `v_to = $1 AND v_channel = 'email'`, [BUSINESS_2])).toBe(before + 1);
    expect(await lastCode(t, BUSINESS_2)).toMatch(/^\d{6}$/);
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const known = await startReset(BUSINESS_2);
    const before = await writes();
    const unknown = await startReset('nadie@demo.mx');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await writes()).toEqual(before);
  });

  it('still answers the same way once an account has asked for too many codes', async () => {
    const email = 'muchos-codigos@demo.mx';
    await addUser(t, email, BUSINESS);
    const unknown = (await startReset('muchos-otro@demo.mx')).json();
    for (let i = 0; i < 7; i++) {
      const res = await startReset(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(unknown);
    }
    expect(await count(t, 'outbox', 'v_to = $1', [email])).toBe(5);
  });

  it('refuses a malformed e-mail and sends nothing', async () => {
    const before = await writes();
    const res = await startReset('correo@');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Correo electrónico no válido');
    expect(await writes()).toEqual(before);
  });

  it('allows three wrong codes, then the code is exhausted', async () => {
    const email = 'tres-intentos@demo.mx';
    await addUser(t, email, BUSINESS);
    await startReset(email);
    const code = await lastCode(t, email);
    const bad = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await confirmReset(email, bad, 'NuevaClave2026');
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'El código no es correcto. Te quedan 2 intentos.',
      'El código no es correcto. Te queda 1 intento.',
      'El código no es correcto. Se agotaron los intentos; solicita uno nuevo.',
    ]);
    const late = await confirmReset(email, code, 'NuevaClave2026');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('No hay un código vigente para esta operación. Solicita uno nuevo.');
    expect((await signin(t, email)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'vencido@demo.mx';
    const { v_uid } = await addUser(t, email, BUSINESS);
    await startReset(email);
    const code = await lastCode(t, email);
    await t.sql(`UPDATE security_codes SET d_expires_at = now() - interval '1 second' WHERE v_uid_user = $1`, [v_uid]);
    const res = await confirmReset(email, code, 'NuevaClave2026');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('El código expiró. Solicita uno nuevo.');
    expect((await signin(t, email, 'NuevaClave2026')).statusCode).toBe(401);
  });

  it('checks the password policy before using the code', async () => {
    const email = 'politica@demo.mx';
    await addUser(t, email, BUSINESS);
    await startReset(email);
    const code = await lastCode(t, email);
    const before = await writes();
    const res = await confirmReset(email, code, 'corta1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: POLICY, errors: [{ field: 'Password', message: POLICY }] });
    expect(await writes()).toEqual(before);
    expect((await confirmReset(email, code, 'NuevaClave2026')).statusCode).toBe(200);
  });

  it('answers an e-mail without a code in Spanish', async () => {
    const res = await confirmReset('nadie-mas@demo.mx', '123456', 'NuevaClave2026');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No hay un código vigente para esta operación. Solicita uno nuevo.');
  });

  it('unblocks a blocked user (activo-desbloqueado), sets the new password and ends old sessions', async () => {
    const email = 'desbloqueo@demo.mx';
    await addUser(t, email, BUSINESS);
    const old = await freshToken(t, email);
    for (let i = 0; i < 5; i++) await wrong(email);
    expect((await userRow(t, email)).v_uid_status).toBe(STATUS_IDS['activo-bloqueado']);
    await startReset(email);
    const res = await confirmReset(email, await lastCode(t, email), 'NuevaClave2026');
    expect(res.statusCode).toBe(200);
    const row = await userRow(t, email);
    expect(row.v_uid_status).toBe(STATUS_IDS['activo-desbloqueado']);
    expect(row.i_attemps).toBe(5);
    expect((await signin(t, email)).statusCode).toBe(401);
    const login = await signin(t, email, 'NuevaClave2026');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.AvailableAtempts).toBe(5);
    expect((await me(old)).statusCode).toBe(401);
  });
});

describe('GetStatusByEmail', () => {
  const status = (as: string, Email: string) => t.call(as, post('GetStatusByEmail', { Email }));

  it.each([SUPER, TECHFAR])('lets staff (%s) ask about anyone', async (staff) => {
    const res = await status(staff, BUSINESS.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ Email: BUSINESS, Status: 'activo' });
    expect((await status(staff, WALLET)).json().data.Status).toBe('activo');
  });

  it('names a blocked status', async () => {
    const email = 'estatus-bloqueado@demo.mx';
    const { v_uid } = await addUser(t, email, BUSINESS);
    await t.sql(`UPDATE users SET v_uid_status = $2 WHERE v_uid = $1`, [v_uid, STATUS_IDS['activo-bloqueado']]);
    expect((await status(SUPER, email)).json().data.Status).toBe('activo-bloqueado');
  });

  it.each([BUSINESS, WALLET])('lets %s ask only about itself', async (user) => {
    expect((await status(user, user)).json().data).toEqual({ Email: user, Status: 'activo' });
    for (const other of [BUSINESS_2, SUPER, user === BUSINESS ? WALLET : BUSINESS]) {
      const res = await status(user, other);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No tienes permiso para realizar esta acción');
    }
  });

  it('answers 404 for an unknown e-mail and 400 for a malformed one', async () => {
    const res = await status(SUPER, 'nadie@demo.mx');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No existe un usuario con ese correo electrónico');
    expect((await status(SUPER, 'no-es-correo')).json().message).toBe('Correo electrónico no válido');
    // A business user learns nothing about addresses that are not its own, known or not.
    expect((await status(BUSINESS, 'nadie@demo.mx')).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await anon(post('GetStatusByEmail', { Email: BUSINESS }))).statusCode).toBe(401);
  });
});
