import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUPER, count, createTestApp, type TestApp } from '../helpers';
import { adminUser, email } from '../people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('two simultaneous creations of one e-mail give one user and a 409, never a 500', async () => {
  const address = email('carrera');
  const create = () => t.call(SUPER, { method: 'POST', url: '/api/v1/profiles/users/action/create', payload: adminUser({ Email: address }) });
  const answers = await Promise.all([create(), create(), create()]);
  const statuses = answers.map((r) => r.statusCode).sort();
  expect(statuses[0]).toBe(200);
  expect(statuses.slice(1)).toEqual([409, 409]);
  for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toMatch(/existe/);
  expect(await count(t, 'users', 'lower(v_email) = $1', [address])).toBe(1);
});
