import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports liveness and a reachable database, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers an unknown API path with 404 in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-existe?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, ErrorCode: 'NOT_FOUND', message: 'No encontrado: GET /api/v1/no-existe' });
  });
});
