import type { PermissionName } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { can } from '../../platform/guard';
import { businessForActor, type BusinessRow } from '../businesses';

export interface MoneyAccess {
  /** The permission a business user needs on one of `menus`. */
  op: PermissionName;
  menus: string[];
  /** The permission staff need on /user/business (default: op). */
  staffOp?: PermissionName;
}

/** Authorises the caller for a money screen: staff through /user/business, a business through one of its menus; wallet users never. */
export function authoriseMoney(actor: Actor, access: MoneyAccess): string | null {
  if (actor.kind === 'FAR') {
    if (!can(actor, '/user/business', access.staffOp ?? access.op)) throw forbidden();
    return null;
  }
  if (actor.kind !== 'BUS') throw forbidden();
  const menu = access.menus.find((m) => can(actor, m, access.op));
  if (!menu) throw forbidden();
  return menu;
}

/**
 * The business a money call is about: staff name it (BusinessId), a business user always gets
 * their own and naming another one answers 404 as if it did not exist.
 */
export async function businessFor(db: DbOrTx, actor: Actor, businessId: string | undefined, access: MoneyAccess): Promise<BusinessRow> {
  const menu = authoriseMoney(actor, access);
  return businessForActor(db, actor, businessId, actor.kind === 'FAR' ? (access.staffOp ?? access.op) : access.op, { selfMenu: menu ?? undefined, field: 'BusinessId' });
}
