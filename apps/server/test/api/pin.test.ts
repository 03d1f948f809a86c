import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, TECHFAR, WALLET, addUser, count, createTestApp, lastCode, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPin = (as: string, Pin: string, Code?: string) => t.call(as, { method: 'POST', url: '/api/v1/account/Pin', payload: Code ? { Pin, Code } : { Pin } });
const validatePin = (as: string, Pin: string) => t.call(as, { method: 'POST', url: '/api/v1/account/Pin/Validate', payload: { Pin } });
const securityPin = (as: string, Pin: string) => t.call(as, { method: 'POST', url: '/api/v1/security/pin', payload: { Operation: 'spei-out', Pin } });
const requestCode = (as: string, Operation: string) => t.call(as, { method: 'POST', url: '/api/v1/security/code', payload: { Operation } });
const pinState = async (email: string) =>
  (await t.sql<{ v_pin_hash: string | null; i_pin_attempts: number }>(`SELECT v_pin_hash, i_pin_attempts FROM users WHERE v_email = $1`, [email]))[0]!;

/** A wallet user of its own, so PIN state never leaks between tests. */
let n = 0;
async function wallet(): Promise<string> {
  const email = `nip${++n}@wallet.mx`;
  await addUser(t, email, WALLET, { newTenant: true });
  await t.token(email); // signed in up front, so the sign-in is not counted among a test's writes
  return email;
}
async function walletWithPin(pin = '1234'): Promise<string> {
  const email = await wallet();
  expect((await setPin(email, pin)).statusCode).toBe(200);
  return email;
}

describe('Pin', () => {
  it('sets a first PIN with the session alone and stores only its hash', async () => {
    const email = await wallet();
    const res = await setPin(email, '4821');
    expect(res.statusCode).toBe(200);
    expect(res.json().status.message).toBe('NIP guardado');
    const state = await pinState(email);
    expect(state.v_pin_hash).toMatch(/^\$argon2id\$/);
    expect(state.i_pin_attempts).toBe(3);
    expect((await t.call(email, { method: 'GET', url: '/api/v1/account/me' })).json().data.hasPin).toBe(true);
    expect((await validatePin(email, '4821')).json().data).toEqual({ Valid: true });
  });

  it('changes a PIN only with a security code issued for the operation "pin"', async () => {
    const email = await walletWithPin('1234');
    const hash = (await pinState(email)).v_pin_hash;

    const noCode = await setPin(email, '5678');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe('Para cambiar tu NIP ingresa el código de seguridad que te enviamos');

    await requestCode(email, 'spei-out');
    const otherOperation = await setPin(email, '5678', await lastCode(t, email));
    expect(otherOperation.statusCode).toBe(422);
    expect(otherOperation.json().message).toBe('No hay un código vigente para esta operación. Solicita uno nuevo.');
    expect((await pinState(email)).v_pin_hash).toBe(hash);

    await requestCode(email, 'pin');
    const code = await lastCode(t, email);
    const wrong = await setPin(email, '5678', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('El código no es correcto. Te quedan 2 intentos.');
    expect((await pinState(email)).v_pin_hash).toBe(hash);

    expect((await setPin(email, '5678', code)).statusCode).toBe(200);
    expect((await validatePin(email, '1234')).statusCode).toBe(400);
    expect((await validatePin(email, '5678')).statusCode).toBe(200);
  });

  it.each(['12a4', '123', '12345', ''])('refuses the PIN %j in Spanish and writes nothing', async (pin) => {
    const email = await wallet();
    const before = await count(t, 'log_user');
    const res = await setPin(email, pin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El NIP debe tener 4 dígitos');
    expect((await pinState(email)).v_pin_hash).toBeNull();
    expect(await count(t, 'log_user')).toBe(before);
  });

  it.each([BUSINESS, SUPER, TECHFAR])('is for wallet users only (%s gets 403)', async (user) => {
    const calls: InjectOptions[] = [
      { method: 'POST', url: '/api/v1/account/Pin', payload: { Pin: '1234' } },
      { method: 'POST', url: '/api/v1/account/Pin/Validate', payload: { Pin: '1234' } },
      { method: 'POST', url: '/api/v1/security/pin', payload: { Operation: 'spei-out', Pin: '1234' } },
    ];
    for (const opts of calls) {
      const res = await t.call(user, opts);
      expect(res.statusCode, String(opts.url)).toBe(403);
      expect(res.json().message, String(opts.url)).toBe('El NIP solo aplica a usuarios Wallet');
    }
    expect(await count(t, 'users', 'v_pin_hash IS NOT NULL AND v_email = $1', [user])).toBe(0);
  });

  it('needs a session', async () => {
    for (const url of ['/api/v1/account/Pin', '/api/v1/account/Pin/Validate']) {
      expect((await t.call(null, { method: 'POST', url, payload: { Pin: '1234' } })).statusCode).toBe(401);
    }
  });
});

describe('Pin/Validate and security/pin', () => {
  it('answers a user without a PIN in Spanish', async () => {
    const res = await validatePin(await wallet(), '1234');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Aún no configuras tu NIP. Hazlo desde tu perfil.');
  });

  it('allows three wrong tries across both calls, then locks even the right PIN', async () => {
    const email = await walletWithPin('1234');
    const a = await validatePin(email, '0000');
    const b = await securityPin(email, '0000');
    const c = await validatePin(email, '0000');
    expect([a, b, c].map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect([a, b, c].map((r) => r.json().message)).toEqual([
      'El NIP no es correcto. Te quedan 2 intentos.',
      'El NIP no es correcto. Te queda 1 intento.',
      'El NIP no es correcto. Se bloqueó por exceder los intentos.',
    ]);
    const locked = 'Tu NIP está bloqueado por exceder los intentos. Configúralo de nuevo con un código de seguridad.';
    expect((await validatePin(email, '1234')).json().message).toBe(locked);
    expect((await securityPin(email, '1234')).json().message).toBe(locked);

    // Setting it again with a security code unlocks it.
    await requestCode(email, 'pin');
    expect((await setPin(email, '2468', await lastCode(t, email))).statusCode).toBe(200);
    expect((await securityPin(email, '2468')).json().data).toEqual({ Valid: true });
  });

  it('weighs only three of ten wrong PINs sent at once: each waits for the one before to be counted', async () => {
    const email = await walletWithPin('1234');
    const guesses = Array.from({ length: 10 }, (_, i) => String(5000 + i));
    const answers = await Promise.all(guesses.map((g, i) => (i % 2 ? securityPin(email, g) : validatePin(email, g))));
    const messages = answers.map((r) => r.json().message as string).sort();
    expect(messages).toEqual(
      [
        'El NIP no es correcto. Se bloqueó por exceder los intentos.',
        'El NIP no es correcto. Te queda 1 intento.',
        'El NIP no es correcto. Te quedan 2 intentos.',
        ...Array(7).fill('Tu NIP está bloqueado por exceder los intentos. Configúralo de nuevo con un código de seguridad.'),
      ].sort(),
    );
    expect((await pinState(email)).i_pin_attempts).toBe(0);
  });

  it('gives the tries back after a right PIN', async () => {
    const email = await walletWithPin('1234');
    await validatePin(email, '0000');
    await validatePin(email, '0000');
    expect((await validatePin(email, '1234')).statusCode).toBe(200);
    expect((await pinState(email)).i_pin_attempts).toBe(3);
  });

  it("checks a wallet user's own PIN only", async () => {
    const owner = await walletWithPin('1357');
    const other = await walletWithPin('8642');
    expect((await validatePin(other, '1357')).statusCode).toBe(400);
    expect((await pinState(owner)).i_pin_attempts).toBe(3);
    expect((await validatePin(owner, '1357')).statusCode).toBe(200);
  });

  it('refuses malformed input in Spanish without counting a try', async () => {
    const email = await walletWithPin('1234');
    const res = await securityPin(email, '12');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El NIP debe tener 4 dígitos');
    const op = await t.call(email, { method: 'POST', url: '/api/v1/security/pin', payload: { Operation: 'retiro', Pin: '1234' } });
    expect(op.json().message).toBe('Operación no válida');
    expect((await pinState(email)).i_pin_attempts).toBe(3);
  });
});
