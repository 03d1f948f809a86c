import { userNames as auditUserNames } from '../audit';
import { usersPerRole as rbacUsersPerRole } from '../rbac';
import { userNames, usersPerRole } from './service';

export * from './service';
export * from './lifecycle';
export * from './report-rows';
export * from './recipients';

/** Users has no routes of its own; it answers what audit and rbac ask of it (they cannot import it). */
export async function register(): Promise<void> {
  auditUserNames.provide(userNames);
  rbacUsersPerRole.provide(usersPerRole);
}
