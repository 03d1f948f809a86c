/** Public surface of @far/contracts: rules shared by server and web, with zod as the only dependency. */
export * from './errors';
export * from './money';
export * from './formats';
export * from './storage';
export * from './password';
export * from './calendar';
export * from './validation';
export * from './ids';
export * from './catalogs';
export * from './catalogs/status';
export * from './catalogs/rbac';
export * from './catalogs/notification-kinds';
export * from './catalogs/incident-types';
export * from './api';
