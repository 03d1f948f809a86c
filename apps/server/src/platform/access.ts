import type { PermissionName } from '@far/contracts';
import type { Actor } from './context';
import { authorise } from './guard';

/**
 * Staff act through the menu of their screen with the permission of the operation; business and
 * wallet users act on their own records through their profile menu, where only Ver and Editar
 * exist (anything but reading needs Editar).
 */
export function authoriseStaffOrSelf(actor: Actor, staffMenu: string, op: PermissionName, selfMenu = '/profile'): void {
  if (actor.kind === 'FAR') authorise(actor, { menu: staffMenu, permission: op });
  else authorise(actor, { menu: selfMenu, permission: selfMenu === '/profile' && op !== 'Ver' ? 'Editar' : op });
}
