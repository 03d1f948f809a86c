import { STATUS_IDS } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, addUser, count, createTestApp, signin, userRow, type TestApp } from '../helpers';
import { demoBusiness, deposit } from '../money/money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (who: string | null, url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.call(who, { method: 'POST', url: `/api/notification/${url}`, payload: payload as object, headers });
const list = async (who: string, body: Record<string, unknown> = {}) => {
  const res = await post(who, 'query/get-all', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Record<string, unknown>[]; total: number; unread: number; pages: number };
};
const add = (who: string, Data: Record<string, unknown>) => post(who, 'action/add', { Data });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');

describe('action/add and query/get-all', () => {
  it('adds a notice with status 1 for oneself and lists it, newest first, with the unread count', async () => {
    const before = await list(WALLET);
    const res = await add(WALLET, { v_title: 'Recordatorio', t_description: 'Pagar la renta', v_link: '/dispersal/budget' });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({
      v_title: 'Recordatorio',
      t_description: 'Pagar la renta',
      i_status: 1,
      v_uid_status: STATUS_IDS['no-leido'],
      v_kind: 'announcement',
      v_link: '/dispersal/budget',
    });
    const after = await list(WALLET);
    expect(after.total).toBe(before.total + 1);
    expect(after.unread).toBe(before.unread + 1);
    expect(after.items[0]).toMatchObject({ v_uid: item.v_uid });
  });

  it('takes and answers the base64 envelope by default (§7)', async () => {
    const res = await post(WALLET, 'query/get-all', { Data: b64({ Pagination: { page: 1, perPage: 2 }, Fields: ['v_uid', 'v_title'] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-encryption']).toBe('base64');
    const opened = JSON.parse(Buffer.from(res.json().Data, 'base64').toString('utf8'));
    expect(opened.data.perPage).toBe(2);
    expect(Object.keys(opened.data.items[0]).sort()).toEqual(['v_title', 'v_uid']);
  });

  it('filters by status, kind, search and dates, orders and pages', async () => {
    for (const n of [1, 2, 3]) await add(BUSINESS, { v_title: `Aviso filtrable ${n}`, t_description: 'texto' });
    const found = await list(BUSINESS, { Search: 'filtrable', Pagination: { page: 1, perPage: 2 }, Order: { field: 'v_title', dir: 'asc' } });
    expect(found).toMatchObject({ total: 3, pages: 2 });
    expect(found.items.map((i) => i.v_title)).toEqual(['Aviso filtrable 1', 'Aviso filtrable 2']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
    expect((await list(BUSINESS, { Search: 'filtrable', Filters: { from: today, to: today, i_status: 1, v_kind: 'announcement' } })).total).toBe(3);
    expect((await list(BUSINESS, { Search: 'filtrable', Filters: { i_status: 2 } })).total).toBe(0);
    expect((await list(BUSINESS, { Search: 'filtrable', Filters: { to: '2000-01-01' } })).total).toBe(0);
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = await count(t, 'notifications');
    const cases: [Record<string, unknown>, string][] = [
      [{ Data: { t_description: 'x' } }, 'Este campo es requerido'],
      [{ Data: { v_title: 'x'.repeat(121), t_description: 'x' } }, 'Debe contener máximo 120 caracteres'],
      [{ Data: { v_title: 'x', t_description: 'x', v_link: 'https://evil.example' } }, 'El enlace debe ser una ruta del portal (p. ej. /movement)'],
      [{ Data: { v_title: 'x', t_description: 'x', v_uid_user: 'nope' } }, 'Identificador no válido'],
    ];
    for (const [body, message] of cases) {
      const res = await post(BUSINESS, 'action/add', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bad = await post(BUSINESS, 'query/get-all', { Filters: { i_status: 7 }, Fields: ['password'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining(['Estado no válido', 'Campo no válido']));
    expect(await count(t, 'notifications')).toBe(before);
  });

  it('lets staff address anyone, a business its own users only, a wallet user only itself (else 404, nothing written)', async () => {
    const wallet = await userRow(t, WALLET);
    const other = await userRow(t, BUSINESS_2);
    const colleague = await addUser(t, 'colega.notices@demo.mx', BUSINESS);
    expect((await add(TECHFAR, { v_title: 'Hola', t_description: 'De parte de FAR', v_uid_user: wallet.v_uid })).statusCode).toBe(200);
    expect((await add(BUSINESS, { v_title: 'Hola', t_description: 'Compañero', v_uid_user: colleague.v_uid })).statusCode).toBe(200);
    const before = await count(t, 'notifications');
    for (const [who, target] of [
      [BUSINESS, other.v_uid],
      [BUSINESS, wallet.v_uid],
      [WALLET, colleague.v_uid],
      [TECHFAR, '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
    ] as const) {
      const res = await add(who, { v_title: 'x', t_description: 'y', v_uid_user: target });
      expect(res.statusCode, `${who} → ${target}`).toBe(404);
    }
    expect(await count(t, 'notifications')).toBe(before);
  });

  it('needs a session', async () => {
    expect((await post(null, 'query/get-all')).statusCode).toBe(401);
    expect((await post(null, 'action/add', { Data: { v_title: 'x', t_description: 'y' } })).statusCode).toBe(401);
  });
});

describe('action/update/{uid}, read-all and unread-count', () => {
  it('marks read and unread by i_status or by the catalogue status, only one’s own', async () => {
    const item = (await add(WALLET, { v_title: 'Para leer', t_description: 'x' })).json().data;
    const read = await post(WALLET, `action/update/${item.v_uid}`, { Filters: { v_uid: item.v_uid }, Data: { v_uid_status: STATUS_IDS.leido } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ i_status: 2, v_uid_status: STATUS_IDS.leido });
    expect(read.json().data.d_read_at).not.toBeNull();
    const unread = await post(WALLET, `action/update/${item.v_uid}`, { Data: { i_status: 1 } });
    expect(unread.json().data).toMatchObject({ i_status: 1, d_read_at: null });
    // Another user (another tenant, or staff) cannot reach it: 404, nothing changes.
    for (const who of [BUSINESS, TECHFAR]) expect((await post(who, `action/update/${item.v_uid}`, { Data: { i_status: 2 } })).statusCode).toBe(404);
    expect((await t.sql<{ i_status: number }>(`SELECT i_status FROM notifications WHERE v_uid = $1`, [item.v_uid]))[0]!.i_status).toBe(1);
  });

  it('refuses a bad status or a filter that names another notice', async () => {
    const item = (await add(WALLET, { v_title: 'x', t_description: 'y' })).json().data;
    expect((await post(WALLET, `action/update/${item.v_uid}`, { Data: { i_status: 3 } })).json().message).toBe('Estado no válido');
    expect((await post(WALLET, `action/update/${item.v_uid}`, { Data: {} })).json().message).toBe('Indica el estado (leído o no leído)');
    const other = await post(WALLET, `action/update/${item.v_uid}`, { Filters: { v_uid: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f' }, Data: { i_status: 2 } });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('El identificador no coincide con la ruta');
    expect((await post(WALLET, 'action/update/123', { Data: { i_status: 2 } })).statusCode).toBe(400);
    expect(await count(t, 'notifications', `v_uid = $1 AND i_status = 1`, [item.v_uid])).toBe(1);
  });

  it('marks all of one’s own notices read and counts unread', async () => {
    await add(BUSINESS_2, { v_title: 'uno', t_description: 'x' });
    const businessUnread = (await post(BUSINESS, 'query/unread-count')).json().data.unread;
    expect((await post(BUSINESS_2, 'query/unread-count')).json().data.unread).toBeGreaterThan(0);
    const res = await post(BUSINESS_2, 'action/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toBeGreaterThan(0);
    expect((await post(BUSINESS_2, 'query/unread-count')).json().data.unread).toBe(0);
    expect((await post(BUSINESS, 'query/unread-count')).json().data.unread).toBe(businessUnread);
  });
});

describe('staff announcements', () => {
  it('reaches every business user, every wallet user, or one business', async () => {
    const bus = Number((await t.sql<{ n: string }>(`SELECT count(*)::text n FROM users WHERE v_client LIKE 'BUS%' AND d_deleted_at IS NULL`))[0]!.n);
    const res = await post(TECHFAR, 'action/announce', { Audience: 'businesses', Title: 'Mantenimiento', Text: 'El sábado de 2 a 4 h.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Recipients: bus, Audience: 'Todas las empresas' });
    expect((await list(BUSINESS_2)).items[0]).toMatchObject({ v_title: 'Mantenimiento', v_kind: 'announcement', v_link: '/notification' });
    const b2 = await demoBusiness(t, BUSINESS_2);
    const one = await post(SUPER, 'action/announce', { Audience: 'business', BusinessId: b2.id, Title: 'Solo para ti', Text: 'Hola' });
    expect(one.statusCode, one.body).toBe(200);
    expect(await count(t, 'notifications', `v_title = 'Solo para ti' AND v_uid_user IN (SELECT v_uid FROM users WHERE v_client = $1)`, [b2.client])).toBe(
      one.json().data.Recipients,
    );
    expect(await count(t, 'notifications', `v_title = 'Solo para ti'`)).toBe(one.json().data.Recipients);
    const w = await post(TECHFAR, 'action/announce', { Audience: 'wallets', Title: 'Wallet nueva', Text: 'Ya puedes…' });
    expect((await list(WALLET)).items[0]).toMatchObject({ v_title: 'Wallet nueva' });
    expect(await count(t, 'notifications', `v_title = 'Wallet nueva' AND v_uid_user NOT IN (SELECT v_uid FROM users WHERE v_client LIKE 'WAL%')`)).toBe(0);
    expect(w.json().data.Recipients).toBeGreaterThan(0);
    const history = await t.call(TECHFAR, { method: 'GET', url: '/api/notification/announcements' });
    expect(
      history
        .json()
        .data.slice(0, 3)
        .map((a: { Title: string }) => a.Title),
    ).toEqual(['Wallet nueva', 'Solo para ti', 'Mantenimiento']);
  });

  it('refuses bad input, an unknown business, and anyone but staff, writing nothing', async () => {
    const before = await count(t, 'notifications');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ Audience: 'todos', Title: 'x', Text: 'y' }, 400, 'Destinatarios no válidos'],
      [{ Audience: 'business', Title: 'x', Text: 'y' }, 400, 'Selecciona la empresa'],
      [{ Audience: 'businesses', Title: '', Text: 'y' }, 400, 'Este campo es requerido'],
      [{ Audience: 'businesses', Title: 'x', Text: 'y'.repeat(2001) }, 400, 'Debe contener máximo 2000 caracteres'],
      [{ Audience: 'business', BusinessId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', Title: 'x', Text: 'y' }, 404, 'No encontrado'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(TECHFAR, 'action/announce', body);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 400) expect(res.json().message).toBe(message);
    }
    for (const who of [BUSINESS, WALLET]) {
      const res = await post(who, 'action/announce', { Audience: 'businesses', Title: 'x', Text: 'y' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo el personal de FAR puede enviar avisos');
      expect((await t.call(who, { method: 'GET', url: '/api/notification/announcements' })).statusCode).toBe(403);
    }
    expect(await count(t, 'notifications')).toBe(before);
    expect(await count(t, 'announcements', `v_title = 'x'`)).toBe(0);
  });
});

describe('e-mail preferences', () => {
  const prefs = (who: string) => t.call(who, { method: 'GET', url: '/api/notification/preferences' });
  const save = (who: string, Items: unknown[]) => t.call(who, { method: 'PUT', url: '/api/notification/preferences', payload: { Items } });

  it('lists the kinds of the caller’s kind, e-mail on by default, and keeps a choice', async () => {
    const items = (await prefs(BUSINESS)).json().data.Items as { Kind: string; Label: string; Email: boolean }[];
    expect(items.find((i) => i.Kind === 'spei.settled')).toEqual({ Kind: 'spei.settled', Label: 'Transferencia SPEI liquidada', Email: true });
    expect(items.some((i) => i.Kind === 'user.blocked')).toBe(false);
    const res = await save(BUSINESS, [{ Kind: 'announcement', Email: false }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Items.find((i: { Kind: string }) => i.Kind === 'announcement').Email).toBe(false);
    // An announcement now reaches BUSINESS in the list but not by e-mail; BUSINESS_2 gets both.
    await post(TECHFAR, 'action/announce', { Audience: 'businesses', Title: 'Sin correo para uno', Text: 'x' });
    expect(await count(t, 'outbox', `v_to = $1 AND v_subject = 'FAR Portal: Sin correo para uno'`, [BUSINESS])).toBe(0);
    expect(await count(t, 'outbox', `v_to = $1 AND v_subject = 'FAR Portal: Sin correo para uno' AND t_html LIKE '%<html%'`, [BUSINESS_2])).toBe(1);
    expect((await list(BUSINESS)).items[0]).toMatchObject({ v_title: 'Sin correo para uno' });
  });

  it('refuses a kind that is not the caller’s, or unknown, writing nothing', async () => {
    const before = await count(t, 'notification_preferences');
    const res = await save(WALLET, [{ Kind: 'user.blocked', Email: false }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tipo de notificación no válido');
    expect((await save(WALLET, [{ Kind: 'nada', Email: false }])).json().message).toBe('Tipo de notificación no válido');
    expect((await save(WALLET, [{ Kind: 'announcement', Email: 'si' }])).statusCode).toBe(400);
    expect(await count(t, 'notification_preferences')).toBe(before);
    expect((await prefs(null as unknown as string)).statusCode).toBe(401);
  });
});

describe('the product’s own events', () => {
  it('a deposit notifies every user of the business (list and e-mail), no one else', async () => {
    const b = await demoBusiness(t, BUSINESS_2);
    const others = await count(t, 'notifications', `v_kind = 'deposit.received' AND v_uid_user NOT IN (SELECT v_uid FROM users WHERE v_client = $1)`, [
      b.client,
    ]);
    const m = await deposit(t, b.id, '150.00');
    const users = Number((await t.sql<{ n: string }>(`SELECT count(*)::text n FROM users WHERE v_client = $1 AND d_deleted_at IS NULL`, [b.client]))[0]!.n);
    expect(await count(t, 'notifications', `v_kind = 'deposit.received' AND v_link = $1`, [`/movement?uid=${m.Id}`])).toBe(users);
    const mine = (await list(BUSINESS_2)).items[0]!;
    expect(mine).toMatchObject({ v_kind: 'deposit.received', v_kind_label: 'Depósito recibido', v_title: 'Depósito recibido' });
    expect(mine.t_description).toMatch(/^Recibiste \$1[\d.,]+/);
    expect(await count(t, 'outbox', `v_to = $1 AND v_subject = 'FAR Portal: Depósito recibido'`, [BUSINESS_2])).toBeGreaterThan(0);
    expect(await count(t, 'notifications', `v_kind = 'deposit.received' AND v_uid_user NOT IN (SELECT v_uid FROM users WHERE v_client = $1)`, [b.client])).toBe(
      others,
    );
  });

  it('a user blocked after failed sign-ins is notified to staff', async () => {
    const email = 'bloqueo.notices@demo.mx';
    await addUser(t, email, WALLET, { newTenant: true });
    for (let i = 0; i < 5; i++) await signin(t, email, 'Incorrecta#1');
    const staff = Number((await t.sql<{ n: string }>(`SELECT count(*)::text n FROM users WHERE v_client LIKE 'FAR%' AND d_deleted_at IS NULL`))[0]!.n);
    expect(await count(t, 'notifications', `v_kind = 'user.blocked' AND t_body LIKE $1`, [`%${email}%`])).toBe(staff);
    const seen = (await list(TECHFAR, { Filters: { v_kind: 'user.blocked' } })).items[0]!;
    expect(seen).toMatchObject({ v_title: 'Usuario bloqueado por intentos fallidos', v_link: '/user/wallet' });
  });
});
