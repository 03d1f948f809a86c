import { z } from 'zod';
import { CLIENT_KINDS, PERMISSION_NAMES } from '../catalogs/rbac';
import { Uuid } from './common';

export const RoleGrantSchema = z.object({ v_uid_menu: Uuid, v_permissions: z.array(Uuid).max(6) });
export const MenuEntry = z.object({
  v_uid: Uuid,
  v_uid_children: z.string().nullable(),
  v_name: z.string(),
  v_url: z.string(),
  v_client_prefix: z.array(z.string()),
  v_permissions: z.array(z.string()),
  v_icon: z.string(),
  i_order: z.number().int(),
  i_active: z.boolean(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;
export const MenuWithGrants = MenuEntry.extend({ v_permissions_granted: z.array(z.string()), granted: z.array(z.enum(PERMISSION_NAMES)) });

export const Role = z.object({
  v_uid: Uuid,
  v_name: z.string(),
  v_client_prefix: z.enum(CLIENT_KINDS),
  i_active: z.boolean(),
  b_system: z.boolean(),
  i_users: z.number().int(),
  d_create_at: z.string(),
  d_update_at: z.string(),
});
export type Role = z.infer<typeof Role>;
export const RoleDetail = Role.extend({ Permissions: z.array(RoleGrantSchema) });

const RoleName = z
  .string({ message: 'Este campo es requerido' })
  .trim()
  .min(2, 'Debe contener mínimo 2 caracteres')
  .max(40, 'Debe contener máximo 40 caracteres')
  .regex(/^[\p{L}\d ._-]+$/u, 'Solo se aceptan letras, números, espacios y . _ -');
export const RoleCreateBody = z.object({
  v_name: RoleName,
  v_client_prefix: z.enum(CLIENT_KINDS, { message: 'Tipo de cliente no válido' }),
  i_active: z.boolean().default(true),
  Permissions: z.array(RoleGrantSchema).max(100),
});
export const RoleEditBody = z.object({ v_uid: Uuid, v_name: RoleName, i_active: z.boolean(), Permissions: z.array(RoleGrantSchema).max(100) });
export const RoleIdBody = z.object({ v_uid: Uuid });
export const RoleBulkBody = z.object({
  Action: z.enum(['activar', 'desactivar', 'borrar'], { message: 'Acción no válida' }),
  Uids: z.array(Uuid).min(1, 'Selecciona al menos un registro').max(100),
});

export const MenuBody = z.object({
  v_uid_children: Uuid.nullable().optional(),
  v_name: z.string().trim().min(2, 'Debe contener mínimo 2 caracteres').max(60, 'Debe contener máximo 60 caracteres'),
  v_url: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9\-/]*$/, 'Ruta no válida')
    .max(100),
  v_client_prefix: z.array(z.enum(CLIENT_KINDS)).min(1, 'Selecciona al menos un tipo de cliente'),
  v_permissions: z.array(Uuid).min(1, 'Selecciona al menos un permiso'),
  v_icon: z.string().trim().min(1).max(40).default('circle'),
  i_order: z.number().int().min(0).max(999999),
  i_active: z.boolean().default(true),
});
export const PermissionBody = z.object({ v_uid_role: Uuid, t_json: z.array(RoleGrantSchema).max(100) });
