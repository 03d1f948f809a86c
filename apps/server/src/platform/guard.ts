import { CLIENT_KINDS, MENU_SEED, type ClientKind, type PermissionName } from '@far/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from './errors';
import type { Access, Actor, Grant, KindAccess, KindAccessMap, RouteAccess } from './context';
import { verifyAccessToken } from './tokens';

export type LoadActor = (claims: { sub: string; sid: string }) => Promise<Actor | null>;

/** A business's API key as the bearer token (docs/decisions/0027); provided by modules/api-keys. */
export interface ApiKeyAuth {
  /** The key's actor, or null when unknown, revoked or expired. */
  load(key: string): Promise<Actor | null>;
  /** Whether a key with these scopes may call this route (method and path as registered). */
  allows(scopes: readonly string[], method: string, url: string | undefined): boolean;
}
const API_KEY_BEARER = 'Bearer far_sk_';

/** One /api route and who may call it, as declared (docs/access.md and the access matrix test read these). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  temporaryPasswordOk: boolean;
  schema?: FastifySchema;
}
const tables = new WeakMap<FastifyInstance, DeclaredRoute[]>();
/** Every /api route of an app built with the guard, in registration order. */
export const declaredRoutes = (app: FastifyInstance): readonly DeclaredRoute[] => tables.get(app) ?? [];

const SUPER_ONLY = 'Solo un super administrador puede realizar esta acción';

/**
 * Every /api route must declare who may call it (config.access, per client kind); a route without
 * it, or naming a menu entry or permission that does not exist, fails at start-up. The check runs
 * in onRequest, before anything is read; a route whose access depends on ClientKind is checked
 * in preValidation, right after that field is known.
 */
export function registerGuard(app: FastifyInstance, loadActor: LoadActor, apiKeys?: ApiKeyAuth): void {
  const table: DeclaredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`La ruta ${route.method} ${route.url} no declara su acceso (config.access)`);
    checkDeclaration(`${route.method} ${route.url}`, access);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access, temporaryPasswordOk: !!route.config?.temporaryPasswordOk, schema: route.schema });
    }
  });

  // Callback style, as every per-request hook: a public call costs no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    const viaKey = apiKeys && req.headers.authorization?.startsWith(API_KEY_BEARER) ? authenticateKey(req, apiKeys) : null;
    (viaKey ?? authenticate(app, req, loadActor))
      .then((actor) => {
        req.actor = actor;
        if (actor.mustChangePassword && !req.routeOptions.config?.temporaryPasswordOk) {
          throw new AppError('FORBIDDEN', 'Debes cambiar tu contraseña temporal antes de continuar');
        }
        if (access !== 'authenticated' && !access.by) authorise(actor, access, access);
      })
      .then(() => done(), done);
  });

  // After the envelope's preValidation (registered first), so the field is readable.
  app.addHook('preValidation', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (typeof access !== 'object' || !access.by) return done();
    const { field, in: where, cases } = access.by;
    const value = ((where === 'query' ? req.query : req.body) as Record<string, unknown> | undefined)?.[field];
    try {
      if (typeof value !== 'string' || !Object.hasOwn(cases, value)) throw new AppError('INVALID_PARAM');
      authorise(actorOf(req), access, cases[value]!);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/**
 * Actors of money routes, by session and user (decision 0030): a money route is served its actor
 * from here, and the money command's first statement checks in the same round trip that the
 * session, the user and the grants still hold (money-command.ts); every other route reads the
 * session as before. Short-lived and bounded: a name or e-mail changed shows within the minute.
 */
const CACHED_MS = 60_000;
const CACHED_MAX = 10_000;
const cachedActors = new Map<string, { actor: Actor; until: number }>();
const cacheKey = (claims: { sub: string; sid: string }) => `${claims.sid}:${claims.sub}`;

/** How each cached actor is read again: its claims' loader. */
const reloads = new WeakMap<Actor, () => Promise<Actor | null>>();

/**
 * The actor of a money route again, after its command found the cached one no longer held (its
 * session revoked, or its user or grants changed): dropped from the cache, read again, and the
 * route's access checked on what was read. 401 when the session is gone, 403 when the new grants no
 * longer reach the route; a changed role is otherwise no reason to sign anybody out.
 */
export async function reloadCachedActor(req: FastifyRequest, actor: Actor): Promise<Actor> {
  cachedActors.delete(cacheKey({ sid: actor.sessionId, sub: actor.userId }));
  const fresh = await reloads.get(actor)?.();
  if (!fresh) throw new AppError('UNAUTHORIZED');
  const access = req.routeOptions.config?.access;
  if (typeof access === 'object') {
    const value = access.by && ((access.by.in === 'query' ? req.query : req.body) as Record<string, unknown> | undefined)?.[access.by.field];
    authorise(fresh, access, access.by ? access.by.cases[value as string]! : access);
  }
  req.actor = fresh;
  return fresh;
}

async function authenticate(app: FastifyInstance, req: FastifyRequest, loadActor: LoadActor): Promise<Actor> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  const claims = token ? await verifyAccessToken(app.ctx.config, token) : null;
  if (!claims) throw new AppError('UNAUTHORIZED');
  const money = !!req.routeOptions.config?.money;
  if (money) {
    const hit = cachedActors.get(cacheKey(claims));
    if (hit && hit.until > Date.now()) return hit.actor;
  }
  const actor = await loadActor(claims);
  if (!actor) throw new AppError('UNAUTHORIZED');
  if (money) {
    if (cachedActors.size >= CACHED_MAX) cachedActors.clear();
    const cached: Actor = { ...actor, fromCache: true };
    reloads.set(cached, () => loadActor(claims));
    cachedActors.set(cacheKey(claims), { actor: cached, until: Date.now() + CACHED_MS });
  }
  return actor;
}

/** A key acts only on the routes its scopes cover; anything else is 403 whatever the route's grants. */
async function authenticateKey(req: FastifyRequest, apiKeys: ApiKeyAuth): Promise<Actor> {
  const actor = await apiKeys.load(req.headers.authorization!.slice(7));
  if (!actor?.apiKey) throw new AppError('UNAUTHORIZED', 'La clave de API no es válida, venció o fue revocada');
  req.actor = actor; // known even when refused below: the refusal is audited and counted against the key
  if (!apiKeys.allows(actor.apiKey.scopes, req.method, req.routeOptions.url))
    throw new AppError('FORBIDDEN', 'La clave de API no tiene permiso para esta operación');
  return actor;
}

/** The signed-in caller of a route that is not public (the guard has put it there). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED');
  return req.actor;
}

export const grantsOf = (rule: KindAccess): readonly Grant[] => (rule === 'any' ? [] : Array.isArray(rule) ? rule : [rule as Grant]);

function authorise(actor: Actor, access: RouteAccess, kinds: KindAccessMap): void {
  if (access.superOnly && !actor.isSuper) throw new AppError('FORBIDDEN', SUPER_ONLY);
  const rule = kinds[actor.kind];
  if (!rule) throw new AppError('FORBIDDEN', access.refused);
  if (rule !== 'any' && !grantsOf(rule).some((g) => can(actor, g.menu, g.permission))) throw new AppError('FORBIDDEN');
}

/**
 * For a route whose exact permission depends on its input or on the record it reaches (a bulk
 * 'borrar', the owner of a beneficiary): requires the grant named for the caller's kind, which
 * must be one of the route's declared grants. Kinds not named need nothing more.
 */
export function alsoRequire(actor: Actor, grants: Partial<Record<ClientKind, Grant>>): void {
  const grant = grants[actor.kind];
  if (grant && !can(actor, grant.menu, grant.permission)) throw new AppError('FORBIDDEN');
}

export const can = (actor: Actor, menu: string, permission: PermissionName) => actor.grants.get(menu)?.has(permission) ?? false;

/** A typo in a declaration (an unknown menu, a permission the entry does not offer, a kind it is not for) stops the start. */
function checkDeclaration(route: string, access: Access): void {
  if (access === 'public' || access === 'authenticated') return;
  const maps = access.by ? Object.values(access.by.cases) : [access];
  if (!maps.some((m) => CLIENT_KINDS.some((k) => m[k]))) throw new Error(`La ruta ${route} no nombra ningún tipo de cliente en config.access`);
  for (const m of maps) {
    for (const kind of CLIENT_KINDS) {
      for (const g of grantsOf(m[kind] ?? 'any')) {
        const entry = MENU_SEED.find((e) => e.v_url === g.menu);
        if (!entry || !entry.v_permissions.includes(g.permission) || !entry.v_client_prefix.includes(kind)) {
          throw new Error(`La ruta ${route} declara para ${kind} un permiso que no existe: ${g.menu} ${g.permission}`);
        }
      }
    }
  }
}
