import type { PermissionName } from '@far/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Access, Actor } from './context';
import { verifyAccessToken } from './tokens';

export type LoadActor = (claims: { sub: string; sid: string }) => Promise<Actor | null>;

/**
 * Every /api route must declare who may call it (config.access); a route without it fails at
 * start-up, so nothing is reachable by omission. The check runs on every request.
 */
export function registerGuard(app: FastifyInstance, loadActor: LoadActor): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`La ruta ${route.method} ${route.url} no declara su acceso (config.access)`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    req.actor = await authenticate(app, req, loadActor);
    if (req.actor.mustChangePassword && !req.routeOptions.config?.temporaryPasswordOk) {
      throw new AppError('FORBIDDEN', 'Debes cambiar tu contraseña temporal antes de continuar');
    }
    if (access !== 'authenticated') authorise(req.actor, access);
  });
}

async function authenticate(app: FastifyInstance, req: FastifyRequest, loadActor: LoadActor): Promise<Actor> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  const claims = token ? await verifyAccessToken(app.ctx.config, token) : null;
  const actor = claims ? await loadActor(claims) : null;
  if (!actor) throw new AppError('UNAUTHORIZED');
  return actor;
}

export function authorise(actor: Actor, access: Exclude<Access, 'public' | 'authenticated'>): void {
  if (access.superOnly && !actor.isSuper) throw new AppError('FORBIDDEN', 'Solo un super administrador puede realizar esta acción');
  if (!can(actor, access.menu, access.permission)) throw new AppError('FORBIDDEN');
}

export const can = (actor: Actor, menu: string, permission: PermissionName) =>
  actor.grants.get(menu)?.has(permission) ?? false;
