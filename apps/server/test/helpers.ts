import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { PERMISSION_IDS, STATUS_IDS, menuIdByUrl } from '@far/contracts';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_PASSWORD, TEMPLATE_DB, pgUrlFor, testConfig } from './config';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /** Signs in and returns the access token (cached per e-mail). */
  token(email: string, password?: string): Promise<string>;
  /** An injected request as `email` (or anonymous when email is null). */
  call(email: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** A fresh app on its own database, cloned from the run's migrated and seeded snapshot. */
export async function createTestApp(overrides: Partial<Config> = {}, options: Pick<BuildOptions, 'resolveHost'> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  let database: Database;
  let drop = async () => {};
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `${TEMPLATE_DB}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    database = await openDatabase({ databaseUrl: pgUrlFor(url, name), poolSize: 20 });
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(inject('snapshot'))]) });
  }
  const app = await buildApp({ config, database, logger: false, ...options });
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (email: string, password = DEMO_PASSWORD) => {
    const key = `${email}:${password}`;
    if (!tokens.has(key)) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email: email, Password: password } });
      const body = res.json();
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
      tokens.set(key, body.data.AccessToken);
    }
    return tokens.get(key)!;
  };
  return {
    app,
    database,
    config,
    token,
    async call(email, opts) {
      const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
      if (email) headers.authorization = `Bearer ${await token(email)}`;
      return app.inject({ ...opts, headers });
    },
    async sql(text, params = []) {
      const res = database.pglite ? await database.pglite.query(text, params) : await database.pool!.query(text, params);
      return res.rows as never;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export const SUPER = 'super@far.mx';
export const TECHFAR = 'operador@far.mx';
export const BUSINESS = 'empresa@demo.mx';
export const BUSINESS_2 = 'negocio@demo.mx';
export const WALLET = 'wallet@demo.mx';

/** The newest message in the outbox for an address, and the six-digit code in it. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [row] = await t.sql<{ t_body: string }>(`SELECT t_body FROM outbox WHERE v_to = $1 ORDER BY d_create_at DESC LIMIT 1`, [to]);
  const code = row?.t_body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** The wallet's published legal texts at their current versions, as the sign-up's ticked checkbox sends them. */
export async function walletLegal(t: TestApp): Promise<Array<{ Id: string; Version: number }>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/legal/signup' });
  return (res.json().data as Array<{ v_uid: string; i_version: number }>).map(({ v_uid, i_version }) => ({ Id: v_uid, Version: i_version }));
}

export const count = async (t: TestApp, table: string, where = 'true', params: unknown[] = []) =>
  Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE ${where}`, params))[0]!.n);

/** Signs in without the token cache (for tests that revoke sessions or change passwords). */
export const signin = (t: TestApp, Email: string, Password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/account/Signin', payload: { Email, Password }, headers });

/** An injected request carrying a given access token. */
export const withToken = (t: TestApp, token: string, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } });

/** A fresh access token for a user, from a sign-in of its own (a session that tests may revoke). */
export async function freshToken(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await signin(t, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return res.json().data.AccessToken;
}

/**
 * A new active user copied from a demo user: same role, kind and password (Demo#2026). By default
 * it shares the source's tenant (v_client); `newTenant` gives it a client number of its own.
 * Tests that block, revoke or otherwise change a user use one of these, not the shared demo users.
 */
export async function addUser(
  t: TestApp,
  email: string,
  from: string,
  opts: { newTenant?: boolean; roleId?: string } = {},
): Promise<{ v_uid: string; v_client: string }> {
  const [row] = await t.sql<{ v_uid: string; v_client: string }>(
    `INSERT INTO users (v_client, v_uid_role, v_uid_status, v_names, v_last_name_1, v_email, v_password_hash, v_cell_phone, d_activation_at)
     SELECT CASE WHEN $3 THEN substr(v_client, 1, 3) || lpad(nextval('client_number_seq')::text, 6, '0') ELSE v_client END,
            coalesce($4::uuid, v_uid_role), $5::uuid, 'Prueba', 'Automatizada', $1, v_password_hash, '5511112222', now()
       FROM users WHERE v_email = $2
     RETURNING v_uid, v_client`,
    [email, from, !!opts.newTenant, opts.roleId ?? null, STATUS_IDS.activo],
  );
  if (!row) throw new Error(`no user ${from} to copy`);
  return row;
}

/** What a test role may do: menu url → permission names, or the source user's own grants without some menus. */
export type Grants = Record<string, Array<keyof typeof PERMISSION_IDS>> | { except: string[] };

/**
 * A role of its own for the kind of the demo user `from` (FAR, BUS or WAL), holding only `grants`;
 * its id. `name` and `active` for a test about roles themselves.
 */
export async function addRole(t: TestApp, from: string, grants: Grants, opts: { name?: string; active?: boolean } = {}): Promise<string> {
  const [role] = await t.sql<{ v_uid: string }>(
    `INSERT INTO roles (v_name, v_client_prefix, i_active) SELECT $1, r.v_client_prefix, $3 FROM users u JOIN roles r ON r.v_uid = u.v_uid_role WHERE u.v_email = $2 RETURNING v_uid`,
    [opts.name ?? `Prueba ${randomBytes(4).toString('hex')}`, from, opts.active ?? true],
  );
  if (!role) throw new Error(`no user ${from} to copy`);
  if ('except' in grants)
    await t.sql(
      `INSERT INTO role_permissions (v_uid_role, t_json)
       SELECT $1, coalesce((SELECT jsonb_agg(g) FROM jsonb_array_elements(rp.t_json) g WHERE NOT (g->>'v_uid_menu' = ANY($3::text[]))), '[]'::jsonb)
         FROM role_permissions rp JOIN users u ON u.v_uid_role = rp.v_uid_role WHERE u.v_email = $2`,
      [role.v_uid, from, grants.except.map(menuIdByUrl)],
    );
  else {
    const json = Object.entries(grants).map(([url, names]) => ({ v_uid_menu: menuIdByUrl(url), v_permissions: names.map((n) => PERMISSION_IDS[n]) }));
    await t.sql(`INSERT INTO role_permissions (v_uid_role, t_json) VALUES ($1, $2::jsonb)`, [role.v_uid, JSON.stringify(json)]);
  }
  return role.v_uid;
}

/**
 * A new user copied from a demo user (as addUser) under a role of its own that holds only `grants`
 * (addRole): who lacks a screen's Ver or Editar, or a role with no grants at all ({}).
 */
export async function addUserWithGrants(
  t: TestApp,
  email: string,
  from: string,
  grants: Grants,
  opts: { newTenant?: boolean } = {},
): Promise<{ v_uid: string; v_client: string }> {
  return addUser(t, email, from, { ...opts, roleId: await addRole(t, from, grants, { name: `Prueba ${email}` }) });
}

/** The user's row id and status name, read straight from the database. */
export async function userRow(t: TestApp, email: string) {
  const [row] = await t.sql<{ v_uid: string; v_client: string; v_uid_status: string; i_attemps: number; v_password_hash: string | null }>(
    `SELECT v_uid, v_client, v_uid_status, i_attemps, v_password_hash FROM users WHERE lower(v_email) = lower($1)`,
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
}
