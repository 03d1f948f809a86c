import { defineConfig } from 'drizzle-kit';

// Each domain module owns its tables in its own schema.ts (platform/ only the idempotency keys); migrations are generated, never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/idempotency-schema.ts'],
  // DRIZZLE_OUT: scripts/test.mjs generates into a copy to prove the migrations are up to date.
  out: process.env.DRIZZLE_OUT ?? './drizzle',
});
