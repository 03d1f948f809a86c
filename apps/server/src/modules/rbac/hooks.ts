import { hook } from '../../platform/module';
import type { UsersPerRole } from './service';

/** Users per role, for the role list: users owns them and imports rbac, so users provides it. */
export const usersPerRole = hook<UsersPerRole>('rbac.usersPerRole');
