export { seedRbac, grantsForRole, menuFor, roleCatalog } from './service';
export { rbacRoutes } from './routes';
