/**
 * Schema-driven fuzzer: walks /docs/json and sends every operation bad inputs as each demo user
 * and anonymously. Every answer must be below 500, leak nothing, speak Spanish and carry the error
 * envelope (docs/api.md). `FUZZ_RUNS=n` samples n random cases per operation (default a few),
 * on top of the fixed sweep of whole-body and path-parameter attacks.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, TECHFAR, WALLET, createTestApp, type TestApp } from '../helpers';
import { problems } from './checks';
import { BAD_BODIES, BAD_PARAMS, BAD_QUERY_VALUES, BAD_VALUES, fieldPaths, serialise, validFor, withField, withoutField, type JsonSchema } from './inputs';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 7);
const ROLES = [SUPER, TECHFAR, BUSINESS, BUSINESS_2, WALLET, null] as const;
type Role = (typeof ROLES)[number];

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
}

let t: TestApp;
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  operations = Object.entries(docs.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
  // Sign every demo user in once, before anything the fuzzer sends could lock them out.
  for (const role of ROLES) if (role) await t.token(role);
}, 120_000);
afterAll(() => t.close());

/** A case: how to break one call. */
type Case =
  | { kind: 'field'; path: (string | number)[]; value: unknown }
  | { kind: 'missing'; path: (string | number)[] }
  | { kind: 'body'; index: number }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'text'; path: (string | number)[]; value: string };

const LOGOUT = '/api/v1/account/LogOut';

function request(op: Operation, c: Case): InjectOptions {
  const pathValues: Record<string, string> = {};
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    const v = String(validFor(p.schema) ?? 'a');
    if (p.in === 'path') pathValues[p.name] = encodeURIComponent(v);
    else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`);
    else if (p.name.toLowerCase() === 'idempotency-key') headers[p.name] = randomUUID();
  }
  if (c.kind === 'param') pathValues[c.name] = c.value;
  if (c.kind === 'query') {
    const i = query.findIndex((q) => q.startsWith(`${c.name}=`));
    query.splice(i < 0 ? query.length : i, 1, `${encodeURIComponent(c.name)}=${c.value}`);
  }
  const url = op.path.replace(/\{(\w+)\}/g, (_, n: string) => pathValues[n] ?? 'x') + (query.length ? `?${query.join('&')}` : '');
  if (op.method === 'GET' || op.method === 'DELETE') return { method: op.method as 'GET', url, headers };
  const base = validFor(op.body) ?? {};
  let payload: string | Buffer = serialise(base);
  let type = 'application/json';
  if (c.kind === 'field' || c.kind === 'text') payload = serialise(withField(base, c.path, c.value));
  if (c.kind === 'missing') payload = serialise(withoutField(base, c.path));
  if (c.kind === 'body') {
    const bad = BAD_BODIES[c.index]!;
    payload = bad.body;
    type = bad.type ?? type;
  }
  return { method: op.method as 'POST', url, headers: { ...headers, 'content-type': type }, payload };
}

/** The random cases of one operation. */
function arbitrary(op: Operation): fc.Arbitrary<Case> {
  const paths = fieldPaths(validFor(op.body));
  const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const options: fc.Arbitrary<Case>[] = [];
  if (paths.length) {
    const path = fc.constantFrom(...paths);
    options.push(fc.record({ kind: fc.constant('field' as const), path, value: fc.constantFrom(...BAD_VALUES) }));
    options.push(fc.record({ kind: fc.constant('missing' as const), path }));
    options.push(fc.record({ kind: fc.constant('text' as const), path, value: fc.string({ unit: 'binary', maxLength: 40 }) }));
  }
  if (op.method !== 'GET') options.push(fc.record({ kind: fc.constant('body' as const), index: fc.nat(BAD_BODIES.length - 1) }));
  if (pathParams.length)
    options.push(fc.record({ kind: fc.constant('param' as const), name: fc.constantFrom(...pathParams), value: fc.constantFrom(...BAD_PARAMS) }));
  if (queryParams.length)
    options.push(fc.record({ kind: fc.constant('query' as const), name: fc.constantFrom(...queryParams), value: fc.constantFrom(...BAD_QUERY_VALUES) }));
  return options.length ? fc.oneof(...options) : fc.constant({ kind: 'body', index: 0 } as Case);
}

/** The fixed sweep of one operation: every whole-body and path-parameter attack, as super. */
function sweep(op: Operation): Case[] {
  const cases: Case[] = [];
  if (op.method !== 'GET') BAD_BODIES.forEach((_, index) => cases.push({ kind: 'body', index }));
  for (const p of op.params.filter((x) => x.in === 'path')) for (const value of BAD_PARAMS) cases.push({ kind: 'param', name: p.name, value });
  return cases;
}

const describeCase = (c: Case) => JSON.stringify(c, (_k, v: unknown) => (typeof v === 'string' && v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v));

describe('fuzzer over /docs/json', () => {
  it('answers every bad input with an honest 4xx in Spanish, in the envelope, leaking nothing', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    let fiveHundreds = 0;
    const statuses: Record<number, number> = {};
    for (const [i, op] of operations.entries()) {
      const run: [Role, Case][] = sweep(op).map((c) => [SUPER, c]);
      const random = fc.sample(fc.tuple(fc.constantFrom(...ROLES), arbitrary(op)), { numRuns: RUNS * ROLES.length, seed: SEED + i });
      run.push(...(random as [Role, Case][]));
      for (const [role, c] of run) {
        const who = op.path === LOGOUT ? null : role;
        const res = await t.call(who, request(op, c));
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) fiveHundreds++;
        const found = problems(res);
        if (found.length) failures.push(`${op.method} ${op.path} as ${who ?? 'anónimo'} ${describeCase(c)} → ${res.statusCode}: ${found.join('; ')}`);
      }
    }
    console.log(
      `fuzzer: ${operations.length} operaciones, ${sent} casos, ${fiveHundreds} respuestas 5xx, ${failures.length} defectos; estados ${JSON.stringify(statuses)}`,
    );
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
