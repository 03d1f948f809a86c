/**
 * The authorisation matrix, generated from the route declarations: every /api route is called
 * anonymously and as each of the five demo users, and the answer must match what its
 * config.access says (a kind not named: 403; anonymous: 401; a named kind holding one of the
 * grants: neither 401 nor 403). Then a business names the other business's ids: 404. And
 * docs/access.md must be the one the declarations generate.
 */
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ClientKind } from '@far/contracts';
import { ACCESS_DOC, renderAccessDoc } from '../../scripts/access-doc';
import { declaredRoutes, grantsOf, type DeclaredRoute } from '../../src/platform/guard';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, createTestApp, freshToken, withToken, type TestApp } from '../helpers';

const USERS: Array<[string, ClientKind]> = [
  [SUPER, 'FAR'],
  [TECHFAR, 'FAR'],
  [BUSINESS, 'BUS'],
  [BUSINESS_2, 'BUS'],
  [WALLET, 'WAL'],
];
const UNKNOWN_ID = '0b5c3f1e-8d2a-4c6b-9e7f-1a2b3c4d5e6f';
const PARAMS: Record<string, string> = { id: UNKNOWN_ID, name: 'banks', version: 'v2', code: '01000' };

let t: TestApp;
let routes: readonly DeclaredRoute[];
/** menu url -> granted permissions, per demo user, as the server reports them. */
const grants = new Map<string, Map<string, Set<string>>>();

beforeAll(async () => {
  t = await createTestApp();
  routes = declaredRoutes(t.app);
  for (const [email] of USERS) {
    const res = await t.call(email, { method: 'GET', url: '/api/v1/rbac/menu/permission' });
    const menu = res.json().data as Array<{ v_url: string; granted: string[] }>;
    grants.set(email, new Map(menu.map((m) => [m.v_url, new Set(m.granted)])));
  }
});
afterAll(() => t.close());

const urlOf = (r: DeclaredRoute, params: Record<string, string> = PARAMS) => r.url.replace(/:(\w+)/g, (_, p: string) => params[p] ?? UNKNOWN_ID);

/** The requests that exercise a route: one, or one per value of the field its access depends on. */
function requests(r: DeclaredRoute): Array<{ value?: string; opts: InjectOptions }> {
  const base = { method: r.method as InjectOptions['method'], url: urlOf(r), headers: { 'idempotency-key': `matrix-${Math.random()}` } };
  const withBody = (payload: object) => (r.method === 'GET' ? {} : { payload });
  if (typeof r.access === 'object' && r.access.by) {
    const { field, in: where } = r.access.by;
    return Object.keys(r.access.by.cases).map((value) => ({
      value,
      opts: where === 'query' ? { ...base, url: `${base.url}?${field}=${value}`, ...withBody({}) } : { ...base, ...withBody({ [field]: value }) },
    }));
  }
  return [{ opts: { ...base, ...withBody({}) } }];
}

/** Whether the declaration lets this demo user in (for a ClientKind value where it depends on one). */
function allowed(r: DeclaredRoute, email: string, kind: ClientKind, value?: string): boolean {
  const access = r.access;
  if (access === 'public' || access === 'authenticated') return true;
  const kinds = access.by ? access.by.cases[value ?? ''] : access;
  const rule = kinds?.[kind];
  if (!rule || (access.superOnly && email !== SUPER)) return false;
  return rule === 'any' || grantsOf(rule).some((g) => grants.get(email)!.get(g.menu)?.has(g.permission));
}

/** Public routes whose own credential is in the body (a refresh token): without it they answer 401 themselves. */
const OWN_CREDENTIAL = new Set(['POST /api/v1/account/Token/Refresh']);

describe('every /api route answers as its config.access declares', () => {
  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThan(130);
  });

  it.each([0])(
    'as anonymous, each demo user and each ClientKind value',
    async () => {
      const wrong: string[] = [];
      for (const r of routes) {
        for (const { value, opts } of requests(r)) {
          const label = `${r.method} ${r.url}${value ? ` (${value})` : ''}`;
          const anonymous = (await t.app.inject(opts)).statusCode;
          const refused = OWN_CREDENTIAL.has(label) ? [403] : [401, 403];
          if (r.access === 'public' ? refused.includes(anonymous) : anonymous !== 401) wrong.push(`${label} anonymous: ${anonymous}`);
          await Promise.all(
            USERS.map(async ([email, kind]) => {
              // Signing out ends the session: that call gets a session of its own.
              const res = r.url.endsWith('/LogOut') ? await withToken(t, await freshToken(t, email), opts) : await t.call(email, opts);
              const ok = allowed(r, email, kind, value);
              if (ok ? refused.includes(res.statusCode) : res.statusCode !== 403)
                wrong.push(`${label} ${email}: ${res.statusCode} (${ok ? 'declared' : 'not declared'}) ${res.body.slice(0, 120)}`);
            }),
          );
        }
      }
      expect(wrong).toEqual([]);
    },
    180_000,
  );
});

describe("another tenant's ids", () => {
  /** The fields that name a business; `Id` only on the business calls themselves. */
  const keysOf = (r: DeclaredRoute) => ['BusinessId', 'v_uid_business', ...(r.url.includes('/profiles/business/') ? ['Id'] : [])];
  /** The fields of a zod object that the probe does not fill and that are required. */
  const required = (schema: unknown, filled: string[]) =>
    schema instanceof z.ZodObject
      ? Object.entries(schema.shape as Record<string, z.ZodType>)
          .filter(([k, f]) => !filled.includes(k) && !f.safeParse(undefined).success)
          .map(([k]) => k)
      : [];
  const keyIn = (schema: unknown, keys: string[]) => (schema instanceof z.ZodObject ? keys.find((k) => k in schema.shape) : undefined);

  it('answer 404 to a business naming another business, on every route a business may call', async () => {
    const [row] = await t.sql<{ v_uid: string }>(`SELECT b.v_uid FROM businesses b JOIN users u ON u.v_client = b.v_client WHERE u.v_email = $1`, [BUSINESS_2]);
    const other = row!.v_uid;
    const wrong: string[] = [];
    let probed = 0;
    for (const r of routes) {
      const byBusiness = typeof r.access === 'object' && r.access.by?.cases.business ? 'business' : undefined;
      if (!allowed(r, BUSINESS, 'BUS', byBusiness)) continue;
      const fixed = byBusiness ? { ClientKind: byBusiness } : {};
      const bodyKey = keyIn(r.schema?.body, keysOf(r));
      const queryKey = keyIn(r.schema?.querystring, keysOf(r));
      const inUrl = r.url.includes(':id');
      // Only a probe the schema accepts as it is reaches the tenant lookup.
      const incomplete =
        required(r.schema?.body, [...Object.keys(fixed), ...(bodyKey ? [bodyKey] : [])]).length +
        required(r.schema?.querystring, queryKey ? [queryKey] : []).length;
      if ((!bodyKey && !queryKey && !inUrl) || incomplete) continue;
      const opts: InjectOptions = {
        method: r.method as InjectOptions['method'],
        url: urlOf(r, { ...PARAMS, id: other }) + (queryKey ? `?${queryKey}=${other}` : ''),
        headers: { 'idempotency-key': `tenant-${Math.random()}` },
        ...(r.method === 'GET' ? {} : { payload: { ...fixed, ...(bodyKey ? { [bodyKey]: other } : {}) } }),
      };
      const res = await t.call(BUSINESS, opts);
      probed++;
      if (res.statusCode !== 404) wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(probed).toBeGreaterThan(15);
  }, 60_000);
});

describe('docs/access.md', () => {
  it('is the one the declarations generate (npm run docs:access)', () => {
    expect(readFileSync(ACCESS_DOC, 'utf8')).toBe(renderAccessDoc(routes));
  });
});
