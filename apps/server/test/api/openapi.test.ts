import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
interface Media {
  schema?: { required?: string[] };
  example?: unknown;
}
interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}
let docs: { openapi: string; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(() => t.close());

/**
 * The foundation's calls, copied from ../shared/spec/endpoints.md: its Internal (envelope), Session,
 * Security codes, Roles and menu, Catalogs and Operations sections, and the logs of Other services.
 */
const FOUNDATION = `
POST /api/internal/encrypt/{version}
POST /api/internal/decrypt/{version}
POST /api/v1/account/Signup/Token/Resend
POST /api/v1/account/Signup/Token/Validate
POST /api/v1/account/Signup/Password
POST /api/v1/account/Signup/VerificationCode
POST /api/v1/account/Pin
POST /api/v1/account/Pin/Validate
POST /api/v1/account/Signin
POST /api/v1/account/Password/StartResetPassword
POST /api/v1/account/Password/ConfirmResetPassword
POST /api/v1/account/LogOut
POST /api/v1/account/GetStatusByEmail
POST /api/v1/account/Token/Refresh
POST /api/v1/security/code
POST /api/v1/security/verify
POST /api/v1/security/pin
POST /api/v1/rbac/roles
POST /api/v1/rbac/role/detail
POST /api/v1/rbac/create
PUT  /api/v1/rbac/edit
POST /api/v1/rbac/bulk
POST /api/v1/rbac/delete
GET  /api/v1/rbac/menu
GET  /api/v1/rbac/menu/permission
POST /api/v1/rbac/menu
PUT  /api/v1/rbac/menu/{id}
POST /api/v1/rbac/permission
PUT  /api/v1/rbac/permission/{id}
GET  /api/v1/logs
GET  /api/v1/catalogs/{name}
GET  /api/health
`
  .trim()
  .split('\n')
  .map((l) => l.replace(/\s+/, ' '));

/** "METHOD /path" for every operation of the OpenAPI document. */
const documented = () => Object.entries(docs.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));

/**
 * "METHOD /path" for every /api route the server answers, read from Fastify's route tree
 * (params written {name}, HEAD left out as Fastify adds it to every GET).
 */
function served(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = stack.join('') + m[2]!;
    stack.push(m[2]!);
    if (!path.startsWith('/api/') || !m[3]) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return out.sort();
}

describe('GET /docs/json', () => {
  it('is an OpenAPI 3 document, with the readable reference at /docs', async () => {
    expect(docs.openapi).toMatch(/^3\./);
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('lists every call of the foundation, spelled as endpoints.md spells it', () => {
    const ops = new Set(documented());
    expect(FOUNDATION.filter((op) => !ops.has(op))).toEqual([]);
  });

  it('lists exactly the API routes the server serves, with {name} parameters', () => {
    const routes = served(t.app);
    expect(routes).toEqual(expect.arrayContaining(FOUNDATION));
    expect(
      documented()
        .filter((op) => op.split(' ')[1]!.startsWith('/api/'))
        .sort(),
    ).toEqual(routes);
    expect(Object.keys(docs.paths).filter((p) => p.includes(':'))).toEqual([]);
  });

  it('describes each foundation call with a tag and a summary', () => {
    for (const op of FOUNDATION) {
      const [method, path] = op.split(' ') as [string, string];
      const doc = docs.paths[path]![method.toLowerCase()]!;
      expect(doc.tags?.length, op).toBeGreaterThan(0);
      expect(doc.summary, op).toBeTruthy();
    }
  });
});

describe('money operations in the document', () => {
  /** A money route (config.money) is documented with its Idempotency-Key header (platform/money-command.ts). */
  const moneyOperations = () =>
    Object.entries(docs.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('gives every money operation an example a caller can copy', () => {
    const ops = moneyOperations();
    expect(ops.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/transaction/business-movement/speiout',
        'POST /api/v1/transaction/business-movement/speiout-dispersion',
        'POST /api/v1/wallet/speiout',
      ]),
    );
    const withoutExample = ops.filter(
      ({ op }) =>
        !Object.values(op.requestBody?.content ?? {}).some((m) => m.example !== undefined) && !op.parameters?.some((p) => p.in === 'path' && p.example),
    );
    expect(withoutExample.map((o) => o.name)).toEqual([]);
  });

  it('documents the error answers of every money operation, each in the §8 envelope with its code', () => {
    for (const { name, op } of moneyOperations()) {
      for (const [status, code] of [
        ['400', 'VALIDATION'],
        ['401', 'UNAUTHORIZED'],
        ['403', 'FORBIDDEN'],
        ['404', 'NOT_FOUND'],
        ['409', 'IDEMPOTENCY_CONFLICT'],
        ['422', 'BUSINESS_RULE'],
        ['429', 'RATE_LIMIT'],
      ] as const) {
        const media = op.responses[status]?.content?.['application/json'];
        expect(media?.schema?.required, `${name} ${status}`).toEqual(expect.arrayContaining(['success', 'ErrorCode', 'message']));
        expect(media?.example, `${name} ${status}`).toMatchObject({ success: false, ErrorCode: code, status: { code: Number(status) } });
      }
    }
  });
});
