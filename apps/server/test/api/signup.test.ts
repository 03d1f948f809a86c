import { ROLE_IDS, STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, count, createTestApp, lastCode, signin, userRow, walletLegal, withToken, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/account/Signup/${url}`, payload });
const PASSWORD = 'MiWallet2026';
const phoneOf = (n: number) => `55876543${String(n).padStart(2, '0')}`;

/** The four steps of spec §2, each a call. */
const start = async (Email: string, CellPhone: string, extra: object = {}) =>
  post('Token/Resend', { Email, Names: 'Ana', LastName1: 'Pérez', LastName2: 'Soto', CellPhone, PhoneCode: '+52', Legal: await walletLegal(t), ...extra });
const validate = (Email: string, Token: string) => post('Token/Validate', { Email, Token });
const sendSms = (Email: string) => post('VerificationCode', { Email });
const finish = (Email: string, Code: string, Password = PASSWORD) => post('Password', { Email, Code, Password });

const writes = async () => ({
  users: await count(t, 'users'),
  outbox: await count(t, 'outbox'),
  codes: await count(t, 'security_codes'),
  activity: await count(t, 'log_user'),
});
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
    expect(res.json().data).toMatchObject({
      AllowAccess: false,
      AccessToken: null,
      DenialReason: 'Tu registro no está completo. Termina el alta para iniciar sesión.',
    });
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
    const shape = (body: { data: { CodeDeliveryDetails: { Destination: string } } }) =>
      JSON.stringify(body).replace(body.data.CodeDeliveryDetails.Destination, '*');
    for (const email of [BUSINESS, WALLET.toUpperCase()]) {
      const before = await writes();
      const res = await start(email, phoneOf(5));
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(shape(res.json())).toBe(shape(fresh.json()));
      // No account is created or changed; a code is issued as for a new one but sent to no one
      // (the later steps check it); the owner gets a warning instead.
      const after = await writes();
      expect(after).toEqual({ ...before, codes: before.codes + 1, outbox: before.outbox + 1, activity: before.activity + 1 });
      const [mail] = await t.sql<{ v_to: string; v_subject: string; t_body: string }>(
        `SELECT v_to, v_subject, t_body FROM outbox ORDER BY d_create_at DESC LIMIT 1`,
      );
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

describe('terms and privacy at wallet sign-up (issue 26 §1)', () => {
  const TICK = 'Para continuar acepta los términos y condiciones y el aviso de privacidad';
  const acceptances = (email: string) =>
    t.sql<{ v_name: string; i_version: number }>(
      `SELECT c.v_name, a.i_version FROM cms_legal_acceptances a JOIN users u ON u.v_uid = a.v_uid_user JOIN cms_contents c ON c.v_uid = a.v_uid_content WHERE u.v_email = $1 ORDER BY c.v_name`,
      [email],
    );
  const termsDate = async (email: string) =>
    (await t.sql<{ d: string | null }>('SELECT d_terms_accepted_at AS d FROM users WHERE v_email = $1', [email]))[0]!.d;
  const pendingOf = async (token: string) =>
    ((await withToken(t, token, { method: 'GET', url: '/api/cms/legal/pending' })).json().data as Array<{ v_name: string }>).map((p) => p.v_name);

  it('lists the published wallet legal texts to anyone, with their version and text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cms/legal/signup' });
    expect(res.statusCode).toBe(200);
    const texts = res.json().data as Array<{ v_name: string; i_version: number; Html: string }>;
    expect(texts.map((x) => x.v_name).sort()).toEqual(['Aviso de privacidad Wallet', 'Términos y condiciones Wallet']);
    for (const x of texts) expect(x.i_version).toBeGreaterThan(0);
    expect(texts.find((x) => x.v_name.startsWith('Aviso'))!.Html).toContain('datos personales');
  });

  it.each([
    ['no answer', { Legal: undefined }, 400, 'Este campo es requerido'],
    ['nothing ticked', { Legal: [] }, 400, TICK],
    ['a malformed id', { Legal: [{ Id: 'x', Version: 1 }] }, 400, 'Identificador no válido'],
  ])('refuses step 1 with %s, writing nothing', async (_, extra, status, message) => {
    const before = await writes();
    const res = await start('sin-terminos@correo.mx', phoneOf(20), extra);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await writes()).toEqual(before);
  });

  it('refuses one text of two, and a version that is no longer current', async () => {
    const [first, second] = await walletLegal(t);
    const before = await writes();
    const one = await start('solo-uno@correo.mx', phoneOf(21), { Legal: [first] });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors).toEqual([expect.objectContaining({ field: 'Legal', message: TICK })]);
    const stale = await start('solo-uno@correo.mx', phoneOf(21), { Legal: [first, { ...second!, Version: second!.Version + 1 }] });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('El texto legal cambió; vuelve a leerlo antes de aceptarlo');
    expect(await writes()).toEqual(before);
  });

  it('records which version each text was accepted at and when; the user is not asked again at sign-in', async () => {
    const email = 'con-terminos@correo.mx';
    const phone = phoneOf(22);
    expect((await start(email, phone)).statusCode).toBe(200);
    const published = (await t.app.inject({ method: 'GET', url: '/api/cms/legal/signup' })).json().data as Array<{ v_name: string; i_version: number }>;
    expect(await acceptances(email)).toEqual(
      published.map((p) => ({ v_name: p.v_name, i_version: p.i_version })).sort((a, b) => a.v_name.localeCompare(b.v_name)),
    );
    const [row] = await t.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM cms_legal_acceptances a JOIN users u ON u.v_uid = a.v_uid_user WHERE u.v_email = $1 AND a.d_accepted_at IS NOT NULL AND u.d_terms_accepted_at = (SELECT max(d_accepted_at) FROM cms_legal_acceptances WHERE v_uid_user = u.v_uid)`,
      [email],
    );
    expect(row!.n).toBe('2');
    await validate(email, await lastCode(t, email));
    await sendSms(email);
    await finish(email, await lastCode(t, `+52${phone}`));
    const token = (await signin(t, email, PASSWORD)).json().data.AccessToken;
    expect(await pendingOf(token)).toEqual([]);
    // Staff see the date of the user's own acceptance.
    const id = (await userRow(t, email)).v_uid;
    const detail = (await t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/wallet/query/getbyid', payload: { Id: id } })).json().data;
    expect(detail.TermsAcceptedAt).not.toBeNull();
  });

  it('records nothing on an account that already exists when someone signs up with its e-mail', async () => {
    const before = await acceptances(WALLET);
    expect((await start(WALLET, phoneOf(23))).statusCode).toBe(200);
    expect(await acceptances(WALLET)).toEqual(before);
  });

  it('asks a user who never ticked (the demo wallet user) at sign-in, and nothing but their own tick records it', async () => {
    const token = (await signin(t, WALLET)).json().data.AccessToken;
    expect((await pendingOf(token)).sort()).toEqual(['Aviso de privacidad Wallet', 'Términos y condiciones Wallet']);
    expect(await termsDate(WALLET)).toBeNull();
    for (const l of await walletLegal(t)) {
      const res = await withToken(t, token, { method: 'POST', url: `/api/cms/legal/${l.Id}/accept`, payload: { Version: l.Version } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await pendingOf(token)).toEqual([]);
    expect(await termsDate(WALLET)).not.toBeNull();
  });
});
