import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, count, createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outbox = (who: string | null, query = '') => t.call(who, { method: 'GET', url: `/api/v1/outbox${query}` });

describe('GET /api/v1/outbox (the demo mailbox)', () => {
  it('shows super every message sent, newest first, paged', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/account/Password/StartResetPassword', payload: { Email: BUSINESS_2 } });
    await t.call(WALLET, { method: 'POST', url: '/api/v1/security/code', payload: { Operation: 'profile' } });
    const res = await outbox(SUPER);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, perPage: 10, total: await count(t, 'outbox'), pages: 1 });
    expect(page.items[0]).toMatchObject({ v_channel: 'email', v_to: WALLET, v_subject: 'Tu código de seguridad', d_sent_at: null });
    expect(page.items[1]).toMatchObject({ v_to: BUSINESS_2, v_subject: 'Código para restablecer tu contraseña' });
    expect(page.items[1].t_body).toMatch(/\b\d{6}\b/);
  });

  it('searches by recipient or subject and pages', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/api/v1/account/Password/StartResetPassword', payload: { Email: BUSINESS } });
    const found = (await outbox(SUPER, `?search=${encodeURIComponent(BUSINESS)}&perPage=2`)).json().data;
    expect(found).toMatchObject({ total: 3, pages: 2, perPage: 2 });
    expect(found.items.every((m: { v_to: string }) => m.v_to === BUSINESS)).toBe(true);
    expect((await outbox(SUPER, '?search=restablecer')).json().data.total).toBe(await count(t, 'outbox', `v_subject ILIKE '%restablecer%'`));
  });

  it('refuses bad paging in Spanish', async () => {
    const res = await outbox(SUPER, '?perPage=500');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, ErrorCode: 'VALIDATION' });
  });

  it.each([TECHFAR, BUSINESS, WALLET])('is for super only: %s gets 403', async (who) => {
    const res = await outbox(who);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo un super administrador puede realizar esta acción');
  });

  it('needs a session', async () => {
    expect((await outbox(null)).statusCode).toBe(401);
  });
});
