import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../db/columns';

export const roles = pgTable('roles', {
  ...recordColumns(),
  v_name: text('v_name').notNull().unique(),
  /** The client kind whose menu this role draws from: FAR, BUS or WAL. */
  v_client_prefix: text('v_client_prefix').notNull(),
  i_active: boolean('i_active').notNull().default(true),
  /** The four roles of spec §6 cannot be deleted or renamed. */
  b_system: boolean('b_system').notNull().default(false),
});

export const permissions = pgTable('permissions', {
  ...recordColumns(),
  v_name: text('v_name').notNull().unique(),
  i_active: boolean('i_active').notNull().default(true),
});

export const menu = pgTable('menu', {
  ...recordColumns(),
  /** Insertion sequence: breaks ties of i_order so equal orders keep the seed's order. */
  i_seq: serial('i_seq').notNull(),
  v_uid_children: uuid('v_uid_children'),
  v_name: text('v_name').notNull(),
  v_url: text('v_url').notNull(),
  v_client_prefix: text('v_client_prefix').array().notNull(),
  v_permissions: uuid('v_permissions')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  v_icon: text('v_icon').notNull().default('circle'),
  i_order: integer('i_order').notNull(),
  i_active: boolean('i_active').notNull().default(true),
});

export type RoleGrant = { v_uid_menu: string; v_permissions: string[] };

/** The spec's "permission" entity: one per role, t_json lists menu entries with granted ids. */
export const rolePermissions = pgTable('role_permissions', {
  ...recordColumns(),
  v_uid_role: uuid('v_uid_role')
    .notNull()
    .unique()
    .references(() => roles.v_uid, { onDelete: 'cascade' }),
  t_json: jsonb('t_json').$type<RoleGrant[]>().notNull(),
});

/**
 * One row whose i_version grows with every change to roles, role_permissions or menu (database
 * triggers, so seeds and other processes count too). Every authenticated request reads it in the
 * session query it runs anyway, so a process's cached grants and menus are never stale.
 */
export const rbacVersion = pgTable('rbac_version', {
  i_id: integer('i_id').primaryKey(),
  i_version: integer('i_version').notNull(),
});
