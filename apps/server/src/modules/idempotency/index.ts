// The table behind src/platform/idempotency.ts (withIdempotency); the logic lives there.
export { idempotencyKeys } from './schema';
