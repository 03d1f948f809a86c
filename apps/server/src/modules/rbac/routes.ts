import {
  MenuBody,
  MenuEntry,
  MenuWithGrants,
  PageQuery,
  PermissionBody,
  Role,
  RoleBulkBody,
  RoleCreateBody,
  RoleDetail,
  RoleEditBody,
  RoleIdBody,
  RoleGrantSchema,
  answer,
  pageOf,
  Uuid,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, alsoRequire } from '../../platform/guard';
import { ok, okOnce } from '../../platform/reply';
import type { Tx } from '../../db/client';
import * as rbac from './service';

export interface RbacRouteDeps {
  usersPerRole: rbac.UsersPerRole;
}

const R = '/roles-permissions';
const superAccess = (permission: 'Agregar' | 'Editar' | 'Borrar') => ({ FAR: { menu: R, permission }, superOnly: true });
const tags = ['Roles y permisos'];
const MenuAnswer = answer(z.array(MenuEntry));
const GrantsAnswer = answer(z.array(MenuWithGrants));
const sendMenu = okOnce(MenuAnswer);
const sendGrants = okOnce(GrantsAnswer);
const Permission = z.object({ v_uid: z.string(), v_uid_role: z.string(), t_json: z.array(RoleGrantSchema), d_create_at: z.string(), d_update_at: z.string() });

export const rbacRoutes =
  (deps: RbacRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.ctx;
    // Grants are cached per process; clear them once the change is committed (or failed).
    const write = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
      try {
        return await db.transaction(fn);
      } finally {
        rbac.invalidateGrants();
      }
    };

    app.post(
      '/api/v1/rbac/roles',
      {
        config: { access: { FAR: { menu: R, permission: 'Ver' } } },
        schema: { tags, summary: 'Lista de roles', body: PageQuery, response: { 200: answer(pageOf(Role)) } },
      },
      async (req) => ok(await rbac.listRoles(db, req.body, deps.usersPerRole)),
    );

    app.post(
      '/api/v1/rbac/role/detail',
      {
        config: { access: { FAR: { menu: R, permission: 'Ver' } } },
        schema: { tags, summary: 'Detalle de un rol con sus permisos', body: RoleIdBody, response: { 200: answer(RoleDetail) } },
      },
      async (req) => ok(await rbac.roleDetail(db, req.body.v_uid, deps.usersPerRole)),
    );

    app.post(
      '/api/v1/rbac/create',
      {
        config: { access: superAccess('Agregar') },
        schema: { tags, summary: 'Crear un rol (solo super)', body: RoleCreateBody, response: { 200: answer(RoleDetail) } },
      },
      async (req) => {
        const uid = await write((tx) => rbac.createRole(tx, actorOf(req), req.body));
        return ok(await rbac.roleDetail(db, uid, deps.usersPerRole), 'Rol creado');
      },
    );

    app.put(
      '/api/v1/rbac/edit',
      {
        config: { access: superAccess('Editar') },
        schema: { tags, summary: 'Editar un rol (solo super)', body: RoleEditBody, response: { 200: answer(RoleDetail) } },
      },
      async (req) => {
        await write((tx) => rbac.editRole(tx, actorOf(req), req.body));
        return ok(await rbac.roleDetail(db, req.body.v_uid, deps.usersPerRole), 'Rol actualizado');
      },
    );

    app.post(
      '/api/v1/rbac/bulk',
      {
        config: { access: { ...superAccess('Editar'), note: "also Borrar for the action 'borrar'" } },
        schema: {
          tags,
          summary: 'Activar, desactivar o borrar varios roles',
          body: RoleBulkBody,
          response: { 200: answer(z.object({ Affected: z.number() })) },
        },
      },
      async (req) => {
        const { Action, Uids } = req.body;
        if (Action === 'borrar') alsoRequire(actorOf(req), { FAR: { menu: R, permission: 'Borrar' } });
        // All or nothing: one refused role leaves every other untouched.
        await write(async (tx) => {
          for (const uid of Uids) {
            if (Action === 'borrar') await rbac.deleteRole(tx, actorOf(req), uid, deps.usersPerRole);
            else await rbac.setRoleActive(tx, actorOf(req), uid, Action === 'activar');
          }
        });
        return ok({ Affected: Uids.length });
      },
    );

    app.post(
      '/api/v1/rbac/delete',
      {
        config: { access: superAccess('Borrar') },
        schema: { tags, summary: 'Eliminar un rol (solo super)', body: RoleIdBody, response: { 200: answer(z.null()) } },
      },
      async (req) => {
        await write((tx) => rbac.deleteRole(tx, actorOf(req), req.body.v_uid, deps.usersPerRole));
        return ok(null, 'Rol eliminado');
      },
    );

    // Reachable with a temporary password too: the shell draws its menu while the user changes it.
    // Asked for on every page load: the role's cached menu is serialised once (okOnce).
    app.get(
      '/api/v1/rbac/menu',
      {
        config: { access: 'authenticated', temporaryPasswordOk: true },
        schema: { tags, summary: 'Menú activo del tipo de cliente del usuario que su rol puede ver, ordenado por i_order', response: { 200: MenuAnswer } },
      },
      async (req, reply) => sendMenu(reply, await rbac.menuForActor(db, actorOf(req))),
    );

    app.get(
      '/api/v1/rbac/menu/permission',
      {
        config: { access: 'authenticated' },
        schema: { tags, summary: 'Menú del usuario con los permisos que su rol otorga', response: { 200: GrantsAnswer } },
      },
      async (req, reply) => sendGrants(reply, await rbac.menuWithGrants(db, actorOf(req))),
    );

    app.get(
      '/api/v1/rbac/menu/all',
      {
        config: { access: { FAR: { menu: R, permission: 'Ver' } } },
        schema: { tags, summary: 'Todas las entradas de menú (para la matriz de permisos)', response: { 200: answer(z.array(MenuEntry)) } },
      },
      async () => ok(await rbac.allMenu(db)),
    );

    app.post(
      '/api/v1/rbac/menu',
      {
        config: { access: superAccess('Editar') },
        schema: { tags, summary: 'Crear una entrada de menú', body: MenuBody, response: { 200: answer(MenuEntry) } },
      },
      async (req) =>
        ok(await write((tx) => rbac.createMenuEntry(tx, actorOf(req), { ...req.body, v_uid_children: req.body.v_uid_children ?? null })), 'Entrada creada'),
    );

    app.put(
      '/api/v1/rbac/menu/:id',
      {
        config: { access: superAccess('Editar') },
        schema: { tags, summary: 'Editar una entrada de menú', params: z.object({ id: Uuid }), body: MenuBody, response: { 200: answer(MenuEntry) } },
      },
      async (req) =>
        ok(
          await write((tx) => rbac.updateMenuEntry(tx, actorOf(req), req.params.id, { ...req.body, v_uid_children: req.body.v_uid_children ?? null })),
          'Entrada actualizada',
        ),
    );

    app.post(
      '/api/v1/rbac/permission',
      {
        config: { access: superAccess('Editar') },
        schema: { tags, summary: 'Asignar permisos (t_json) a un rol', body: PermissionBody, response: { 200: answer(Permission) } },
      },
      async (req) => ok(await write((tx) => rbac.upsertPermission(tx, actorOf(req), req.body)), 'Permisos guardados'),
    );

    app.put(
      '/api/v1/rbac/permission/:id',
      {
        config: { access: superAccess('Editar') },
        schema: { tags, summary: 'Editar los permisos de un rol', params: z.object({ id: Uuid }), body: PermissionBody, response: { 200: answer(Permission) } },
      },
      async (req) => ok(await write((tx) => rbac.upsertPermission(tx, actorOf(req), req.body, req.params.id)), 'Permisos guardados'),
    );
  };
