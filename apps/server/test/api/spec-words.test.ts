/**
 * The specification's words (issue 26 §8): a field left out answers 'Este campo es requerido', ids
 * and amounts included, while a malformed one keeps its format message; a known path called with
 * the wrong method answers 405 with Allow, in the envelope; notifications carry i_id and an empty
 * list answers 0 pages; a dispersion's preview answers the four §3 commission fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, SUPER, createTestApp, type TestApp } from '../helpers';
import { validate, fileOf, csv, account } from '../dispersions/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = { message: string; errors: Array<{ field: string; message: string }> };
const fieldMessages = (body: Answer) => Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

describe('a missing required field', () => {
  it('says «Este campo es requerido» for ids; a malformed id keeps «Identificador no válido»', async () => {
    const missing = await t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/users/action/create', payload: { ClientKind: 'techfar' } });
    expect(missing.statusCode).toBe(400);
    const m = fieldMessages(missing.json());
    expect(m.DepartmentId).toBe('Este campo es requerido');
    expect(m.RoleId).toBe('Este campo es requerido');
    const bad = await t.call(SUPER, {
      method: 'POST',
      url: '/api/v1/profiles/users/action/create',
      payload: { ClientKind: 'techfar', DepartmentId: 'x', RoleId: '12' },
    });
    const b = fieldMessages(bad.json());
    expect(b.DepartmentId).toBe('Identificador no válido');
    expect(b.RoleId).toBe('Identificador no válido');
  });

  it('says «Este campo es requerido» for amounts; a malformed amount keeps «Monto no válido»', async () => {
    const url = '/api/v1/transaction/business-movement/speiout';
    const missing = await t.call(BUSINESS, { method: 'POST', url, payload: {}, headers: { 'idempotency-key': 'spec-words-1' } });
    expect(missing.statusCode).toBe(400);
    expect(fieldMessages(missing.json()).Amount).toBe('Este campo es requerido');
    const bad = await t.call(BUSINESS, { method: 'POST', url, payload: { Amount: 'diez' }, headers: { 'idempotency-key': 'spec-words-2' } });
    expect(fieldMessages(bad.json()).Amount).toBe('Monto no válido');
  });

  it('a clarification without its fields names each one as required', async () => {
    const res = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/clarifications/Add', payload: {} });
    expect(res.statusCode).toBe(400);
    const m = fieldMessages(res.json());
    expect(m.v_uid_type_clarification).toBe('Este campo es requerido');
    expect(m.t_comment).toBe('Este campo es requerido');
  });
});

describe('a known path with the wrong method', () => {
  it('answers 405 with Allow, in the envelope; an unknown path stays 404', async () => {
    const res = await t.call(BUSINESS, { method: 'GET', url: '/api/v1/account/Signin' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toMatchObject({ success: false, ErrorCode: 'METHOD_NOT_ALLOWED', message: 'Método no permitido para esta dirección' });
    const withParam = await t.call(BUSINESS, {
      method: 'DELETE',
      url: '/api/v1/transaction/business-movement/dispersion/0b8c7a0e-0000-4000-8000-000000000001',
    });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toContain('GET');
    expect((await t.call(BUSINESS, { method: 'GET', url: '/api/v1/no-existe' })).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('carry i_id, and an empty list answers 0 pages', async () => {
    const url = '/api/notification/query/get-all';
    const all = await t.call(BUSINESS, { method: 'POST', url, payload: { Pagination: { page: 1, perPage: 10 } } });
    expect(all.statusCode, all.body).toBe(200);
    for (const item of all.json().data.items) expect(item.i_id).toEqual(expect.any(Number));
    const none = await t.call(BUSINESS, { method: 'POST', url, payload: { Pagination: { page: 1, perPage: 10 }, Search: 'ningún aviso dice esto' } });
    expect(none.json().data).toMatchObject({ items: [], total: 0, pages: 0 });
  });
});

describe('a dispersion preview', () => {
  it('answers the four commission fields of the value-and-commission preview', async () => {
    const a = account('990', 41);
    const res = await validate(t, BUSINESS, { File: fileOf(csv([{ name: a.name, clabe: a.clabe, amount: '10.00' }])) });
    expect(res.statusCode, res.body).toBe(200);
    const values = await t.call(BUSINESS, { method: 'POST', url: '/api/v1/transaction/speiconfig/values-and-commissions', payload: { Amount: '10.00' } });
    expect(values.statusCode, values.body).toBe(200);
    expect(Object.keys(res.json().data.Commissions).sort()).toEqual([
      'CommisionIvaPercentage',
      'CommissionSpeiInInPercentage',
      'CommissionSpeiOutInFixedValue',
      'EnableSpeiOut',
    ]);
    expect(res.json().data.Commissions).toEqual(values.json().data.Commissions);
  });
});
