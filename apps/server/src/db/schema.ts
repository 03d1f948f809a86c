// Every table, for the typed database handle and drizzle-kit. Modules own their schema files;
// platform/ owns the idempotency keys of withIdempotency. Modules never import this file.
export * from '../platform/idempotency-schema';
export * from '../modules/audit/schema';
export * from '../modules/files/schema';
export * from '../modules/ledger/schema';
export * from '../modules/outbox/schema';
export * from '../modules/rbac/schema';
export * from '../modules/security/schema';
export * from '../modules/session/schema';
export * from '../modules/users/schema';
export * from '../modules/staff/schema';
export * from '../modules/postal-codes/schema';
export * from '../modules/businesses/schema';
export * from '../modules/wallet-users/schema';
export * from '../modules/beneficiaries/schema';
export * from '../modules/jobs/schema';
export * from '../modules/pricing/schema';
export * from '../modules/spei/schema';
