import { ROLE_IDS, STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, TECHFAR, WALLET, count, createTestApp, lastCode, signin, userRow, withToken, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/account/Signup/${url}`, payload });
const PASSWORD = 'MiWallet2026';
const phoneOf = (n: number) => `55876543${String(n).padStart(2, '0')}`;

/** The four steps of spec §2, each a call. */
const start = (Email: string, CellPhone: string, extra: object = {}) => post('Token/Resend', { Email, Names: 'Ana', LastName1: 'Pérez', LastName2: 'Soto', CellPhone, PhoneCode: '+52', ...extra });
const validate = (Email: string, Token: string) => post('Token/Validate', { Email, Token });
const sendSms = (Email: string) => post('VerificationCode', { Email });
const finish = (Email: string, Code: string, Password = PASSWORD) => post('Password', { Email, Code, Password });

const writes = async () => ({ users: await count(t, 'users'), outbox: await count(t, 'outbox'), codes: await count(t, 'security_codes'), activity: await count(t, 'log_user') });
const NO_SIGNUP = 'No hay un registro en curso para ese correo. Comienza el alta de nuevo.';
const EMAIL_FIRST = 'Primero confirma tu correo electrónico.';

describe('wallet sign-up', () => {
  it('goes through the four steps in order, and only then the user can sign in', async () => {
    const email = 'ana.perez@correo.mx';
    const phone = phoneOf(1);

    const s1 = await start(email, phone);
    expect(s1.statusCode).toBe(200);
    expect(s1.json().data).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@c***.mx' }, ExpiresIn: 300 });
    const created = await userRow(t, email);
    expect(created.v_uid_status).toBe(STATUS_IDS.pendiente);
    expect(created.v_client).toMatch(/^WAL\d{6}$/);
    expect((await signin(t, email, PASSWORD)).statusCode).not.toBe(200);

    expect((await validate(email, await lastCode(t, email))).statusCode).toBe(200);
    expect((await signin(t, email, PASSWORD)).json().data.AllowAccess).toBe(false);

    const s3 = await sendSms(email);
    expect(s3.statusCode).toBe(200);
    expect(s3.json().data.CodeDeliveryDetails).toEqual({ AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: '******4301' });
    const [sms] = await t.sql<{ v_channel: string }>(`SELECT v_channel FROM outbox WHERE v_to = $1 ORDER BY d_create_at DESC LIMIT 1`, [`+52${phone}`]);
    expect(sms!.v_channel).toBe('sms');
    expect((await signin(t, email, PASSWORD)).json().data.AllowAccess).toBe(false);

    const s4 = await finish(email, await lastCode(t, `+52${phone}`));
    expect(s4.statusCode).toBe(200);
    expect(s4.json().status.message).toBe('Tu cuenta está lista');
    expect((await userRow(t, email)).v_uid_status).toBe(STATUS_IDS.activo);

    const login = await signin(t, email, PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ AllowAccess: true, RoleId: ROLE_IDS.wallet });
    const me = (await withToken(t, login.json().data.AccessToken, { method: 'GET', url: '/api/v1/account/me' })).json().data;
    expect(me).toMatchObject({ kind: 'WAL', v_names: 'Ana', v_last_name_1: 'Pérez', v_cell_phone: phone, status: { v_name: 'activo' } });
    expect(me.d_activation_at).not.toBeNull();
  });

  it('answers a half-registered e-mail exactly like an unknown one at sign-in', async () => {
    const email = 'a-medias@correo.mx';
    await start(email, phoneOf(2));
    const half = await signin(t, email, PASSWORD);
    const unknown = await signin(t, 'nunca-registrado@correo.mx', PASSWORD);
    expect(half.statusCode).toBe(401);
    expect(half.json()).toEqual(unknown.json());
  });

  it('never lets a pending account in, even one that somehow has a password', async () => {
    const email = 'pendiente@correo.mx';
    await start(email, phoneOf(3));
    await t.sql(`UPDATE users SET v_password_hash = (SELECT v_password_hash FROM users WHERE v_email = $2) WHERE v_email = $1`, [email, WALLET]);
    const res = await signin(t, email, 'Demo#2026');
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toMatchObject({ AllowAccess: false, AccessToken: null, DenialReason: 'Tu registro no está completo. Termina el alta para iniciar sesión.' });
  });

  it('refuses the steps out of order and activates nothing', async () => {
    const email = 'desorden@correo.mx';
    const phone = phoneOf(4);
    const early = await sendSms(email);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(NO_SIGNUP);
    expect((await finish(email, '123456')).json().message).toBe(NO_SIGNUP);

    await start(email, phone);
    const emailCode = await lastCode(t, email);
    const smsFirst = await sendSms(email);
    expect(smsFirst.statusCode).toBe(422);
    expect(smsFirst.json().message).toBe(EMAIL_FIRST);
    expect((await finish(email, emailCode)).json().message).toBe(EMAIL_FIRST);
    expect(await count(t, 'outbox', 'v_to = $1', [`+52${phone}`])).toBe(0);

    await validate(email, emailCode);
    // Step 4 needs the SMS code of step 3; the e-mail code is spent and would not do either.
    const noSms = await finish(email, emailCode);
    expect(noSms.statusCode).toBe(422);
    expect(noSms.json().message).toBe('No hay un código vigente para esta operación. Solicita uno nuevo.');
    expect((await userRow(t, email)).v_uid_status).toBe(STATUS_IDS.pendiente);
  });

  it('answers an e-mail that already has an account exactly like a new one, and tells its owner', async () => {
    const fresh = await start('nueva-enumeracion@correo.mx', phoneOf(7));
    expect(fresh.statusCode).toBe(200);
    const shape = (body: { data: { CodeDeliveryDetails: { Destination: string } } }) => JSON.stringify(body).replace(body.data.CodeDeliveryDetails.Destination, '*');
    for (const email of [BUSINESS, WALLET.toUpperCase()]) {
      const before = await writes();
      const res = await start(email, phoneOf(5));
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(shape(res.json())).toBe(shape(fresh.json()));
      // No account is created or changed; a code is issued as for a new one but sent to no one
      // (the later steps check it); the owner gets a warning instead.
      const after = await writes();
      expect(after).toEqual({ ...before, codes: before.codes + 1, outbox: before.outbox + 1, activity: before.activity + 1 });
      const [mail] = await t.sql<{ v_to: string; v_subject: string; t_body: string }>(`SELECT v_to, v_subject, t_body FROM outbox ORDER BY d_create_at DESC LIMIT 1`);
      expect(mail).toMatchObject({ v_to: email.toLowerCase(), v_subject: 'Intento de registro con tu correo' });
      expect(mail!.t_body).not.toMatch(/\b\d{6}\b/);
    }
    expect((await userRow(t, BUSINESS)).v_uid_status).toBe(STATUS_IDS.activo);
  });

  it('answers every later step for an e-mail that has an account exactly like a new registration, and changes nothing', async () => {
    const fresh = 'nueva-pasos@correo.mx';
    const owner = TECHFAR;
    const answerOf = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await res;
      return { status: r.statusCode, body: r.json() };
    };
    // Before step 1 both are unknown registrations.
    expect(await answerOf(validate(owner, '123456'))).toEqual(await answerOf(validate('nunca-empezada@correo.mx', '123456')));
    expect((await validate(owner, '123456')).json().message).toBe(NO_SIGNUP);

    const accountOf = async (email: string) =>
      (await t.sql(`SELECT v_uid_status, d_email_verified_at, v_password_hash, i_attemps FROM users WHERE lower(v_email) = lower($1)`, [email]))[0];
    const ownerBefore = await accountOf(owner);
    await start(fresh, phoneOf(8));
    await start(owner, phoneOf(8));
    const realCode = await lastCode(t, fresh);
    // A code the new registration did not get; the owner's code went to no one, so it is as unknown.
    const wrong = realCode === '000000' ? '111111' : '000000';

    // Steps 3 and 4 before the e-mail is confirmed.
    expect(await answerOf(sendSms(owner))).toEqual(await answerOf(sendSms(fresh)));
    expect(await answerOf(finish(owner, '123456'))).toEqual(await answerOf(finish(fresh, '123456')));
    expect((await sendSms(owner)).json().message).toBe(EMAIL_FIRST);
    // Step 2 with wrong codes: the same messages, tries counted down alike, until they run out.
    for (let i = 0; i < 4; i++) {
      const a = await answerOf(validate(owner, wrong));
      const b = await answerOf(validate(fresh, wrong));
      expect(a).toEqual(b);
      expect(a.status).toBeGreaterThanOrEqual(400);
    }
    // Step 1 again gives a new code to both, and the flow starts over the same way.
    const again = [await answerOf(start(owner, phoneOf(8))), await answerOf(start(fresh, phoneOf(8)))];
    expect(again[0]!.status).toBe(again[1]!.status);

    // The account never changed: same status, e-mail confirmation and password; no SMS went out.
    expect(await accountOf(owner)).toEqual(ownerBefore);
    expect(await count(t, 'outbox', "v_to = $1 AND v_channel = 'sms'", [`+52${phoneOf(8)}`])).toBe(0);
    expect((await signin(t, owner)).statusCode).toBe(200);
  });

  it.each([
    [{ CellPhone: '55123' }, 'El teléfono debe tener 10 dígitos'],
    [{ Names: '' }, 'Este campo es requerido'],
    [{ Email: 'sin-arroba' }, 'Correo electrónico no válido'],
    [{ PhoneCode: '52' }, 'Clave de país no válida'],
  ])('refuses bad data at step 1 (%j) in Spanish, writing nothing', async (bad, message) => {
    const before = await writes();
    const res = await start('datos-malos@correo.mx', phoneOf(6), bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await writes()).toEqual(before);
  });

  it('refuses bad codes and a weak password without using up the code', async () => {
    const email = 'codigos@correo.mx';
    const phone = phoneOf(7);
    await start(email, phone);
    expect((await validate(email, '12a456')).json().message).toBe('El código debe tener 6 dígitos');
    const code = await lastCode(t, email);
    const wrongCode = await validate(email, code === '000000' ? '111111' : '000000');
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe('El código no es correcto. Te quedan 2 intentos.');
    expect((await validate(email, code)).statusCode).toBe(200);
    await sendSms(email);
    const sms = await lastCode(t, `+52${phone}`);
    const before = await writes();
    const weak = await finish(email, sms, 'sololetras');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('La contraseña debe tener al menos 8 caracteres, con letras y números');
    expect(await writes()).toEqual(before);
    expect((await finish(email, sms)).statusCode).toBe(200);
  });

  it('starts over when step 1 is repeated: the earlier e-mail code stops working', async () => {
    const email = 'de-nuevo@correo.mx';
    await start(email, phoneOf(8));
    const first = await lastCode(t, email);
    await start(email, phoneOf(9), { Names: 'Ana María' });
    const second = await lastCode(t, email);
    if (first !== second) expect((await validate(email, first)).statusCode).toBe(400);
    expect((await validate(email, second)).statusCode).toBe(200);
    expect(await count(t, 'users', 'v_email = $1', [email])).toBe(1);
    const [row] = await t.sql<{ v_names: string; v_cell_phone: string }>(`SELECT v_names, v_cell_phone FROM users WHERE v_email = $1`, [email]);
    expect(row).toEqual({ v_names: 'Ana María', v_cell_phone: phoneOf(9) });
  });
});
