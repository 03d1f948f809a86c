import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, count, createTestApp, lastCode, userRow, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const requestCode = (as: string | null, Operation: string) => t.call(as, { method: 'POST', url: '/api/v1/security/code', payload: { Operation } });
const verify = (as: string | null, Operation: string, Code: string) =>
  t.call(as, { method: 'POST', url: '/api/v1/security/verify', payload: { Operation, Code } });
const other = (code: string) => (code === '000000' ? '111111' : '000000');

/** A user of its own (signed in up front), so codes and limits never leak between tests. */
let n = 0;
async function user(from = BUSINESS): Promise<string> {
  const email = `codigos${++n}@demo.mx`;
  await addUser(t, email, from, { newTenant: from === WALLET });
  await t.token(email);
  return email;
}
/** Requests a code and reads it from the outbox, as the person would from their mail. */
async function codeFor(email: string, operation: string): Promise<string> {
  const res = await requestCode(email, operation);
  expect(res.statusCode).toBe(200);
  return lastCode(t, email);
}
const writes = async () => ({ codes: await count(t, 'security_codes'), outbox: await count(t, 'outbox'), activity: await count(t, 'log_user') });

const MISSING = 'No hay un código vigente para esta operación. Solicita uno nuevo.';

describe('POST /api/v1/security/code', () => {
  it.each([SUPER, TECHFAR, BUSINESS, WALLET])('sends %s a six-digit code by e-mail and keeps only its hash', async (who) => {
    const res = await requestCode(who, 'profile');
    expect(res.statusCode).toBe(200);
    const masked = `${who[0]}***@${who.split('@')[1]![0]}***.mx`;
    expect(res.json().data).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked }, ExpiresIn: 300 });
    const code = await lastCode(t, who);
    expect(code).toMatch(/^\d{6}$/);
    const { v_uid } = await userRow(t, who);
    const [row] = await t.sql<{ v_code_hash: string; i_attempts_left: number; ttl: number }>(
      `SELECT v_code_hash, i_attempts_left, extract(epoch FROM d_expires_at - d_create_at)::int AS ttl FROM security_codes WHERE v_uid_user = $1 AND v_operation = 'profile' AND d_used_at IS NULL`,
      [v_uid],
    );
    expect(row!.v_code_hash).not.toContain(code);
    expect(row!.i_attempts_left).toBe(3);
    expect(row!.ttl).toBe(300);
  });

  it('refuses an unknown operation in Spanish and writes nothing', async () => {
    const email = await user();
    const before = await writes();
    const res = await requestCode(email, 'retiro');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'VALIDATION', message: 'Operación no válida', errors: [{ field: 'Operation' }] });
    expect(await writes()).toEqual(before);
  });

  it('voids the previous code when a new one is issued', async () => {
    const email = await user();
    const first = await codeFor(email, 'dispersion');
    const second = await codeFor(email, 'dispersion');
    if (first !== second) expect((await verify(email, 'dispersion', first)).statusCode).toBe(400);
    expect((await verify(email, 'dispersion', second)).statusCode).toBe(200);
  });

  it('issues at most five codes per operation in ten minutes (429), writing nothing for the sixth', async () => {
    const email = await user();
    for (let i = 0; i < 5; i++) expect((await requestCode(email, 'card-reveal')).statusCode).toBe(200);
    const before = await writes();
    const res = await requestCode(email, 'card-reveal');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ ErrorCode: 'RATE_LIMIT', message: 'Has solicitado demasiados códigos. Espera unos minutos e inténtalo de nuevo.' });
    expect(await writes()).toEqual(before);
    // Another operation has its own allowance, and the window moves on.
    expect((await requestCode(email, 'spei-out')).statusCode).toBe(200);
    const { v_uid } = await userRow(t, email);
    await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '11 minutes' WHERE v_uid_user = $1`, [v_uid]);
    expect((await requestCode(email, 'card-reveal')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await requestCode(null, 'profile')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/security/verify', () => {
  it('accepts the right code once only', async () => {
    const email = await user();
    const code = await codeFor(email, 'spei-out');
    const ok = await verify(email, 'spei-out', code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { Valid: true }, status: { message: 'Código válido' } });
    const again = await verify(email, 'spei-out', code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MISSING);
  });

  it('allows three tries, then the code is spent even for the right digits', async () => {
    const email = await user();
    const code = await codeFor(email, 'spei-out');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await verify(email, 'spei-out', other(code))).json().message);
    expect(answers).toEqual([
      'El código no es correcto. Te quedan 2 intentos.',
      'El código no es correcto. Te queda 1 intento.',
      'El código no es correcto. Se agotaron los intentos; solicita uno nuevo.',
    ]);
    expect((await verify(email, 'spei-out', code)).json().message).toBe(MISSING);
  });

  it('refuses a code older than five minutes', async () => {
    const email = await user();
    const code = await codeFor(email, 'spei-out');
    const { v_uid } = await userRow(t, email);
    await t.sql(
      `UPDATE security_codes SET d_create_at = d_create_at - interval '5 minutes 1 second', d_expires_at = d_expires_at - interval '5 minutes 1 second' WHERE v_uid_user = $1`,
      [v_uid],
    );
    const res = await verify(email, 'spei-out', code);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('El código expiró. Solicita uno nuevo.');
    expect((await verify(email, 'spei-out', code)).json().message).toBe(MISSING);
  });

  it('binds a code to its operation', async () => {
    const email = await user();
    const code = await codeFor(email, 'spei-out');
    const res = await verify(email, 'dispersion', code);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MISSING);
    expect((await verify(email, 'spei-out', code)).statusCode).toBe(200);
  });

  it('binds a code to its user: nobody else can use it, in or out of the tenant', async () => {
    const owner = await user();
    const colleague = await user();
    const code = await codeFor(owner, 'dispersion');
    for (const intruder of [colleague, BUSINESS_2, WALLET]) {
      await codeFor(intruder, 'dispersion');
      const before = await writes();
      const ownerCode = await verify(intruder, 'dispersion', code);
      expect(ownerCode.statusCode).not.toBe(200);
      expect((await writes()).codes).toBe(before.codes);
    }
    expect((await verify(owner, 'dispersion', code)).statusCode).toBe(200);
  });

  it.each([
    [{ Operation: 'spei-out', Code: '12345' }, 'El código debe tener 6 dígitos'],
    [{ Operation: 'spei-out', Code: 'abcdef' }, 'El código debe tener 6 dígitos'],
    [{ Operation: 'spei-out' }, 'Este campo es requerido'],
    [{ Operation: 'pago', Code: '123456' }, 'Operación no válida'],
  ])('refuses %j in Spanish without spending a try', async (payload, message) => {
    const email = await user();
    await codeFor(email, 'spei-out');
    const res = await t.call(email, { method: 'POST', url: '/api/v1/security/verify', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const { v_uid } = await userRow(t, email);
    expect(await count(t, 'security_codes', 'v_uid_user = $1 AND i_attempts_left = 3 AND d_used_at IS NULL', [v_uid])).toBe(1);
  });

  it('needs a session', async () => {
    expect((await verify(null, 'spei-out', '123456')).statusCode).toBe(401);
  });
});
