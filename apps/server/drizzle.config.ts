import { defineConfig } from 'drizzle-kit';

// Each domain module owns its tables in its own schema.ts (platform/ only its *.schema.ts tables: idempotency keys, rate limits); migrations are generated, never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/*.schema.ts'],
  // DRIZZLE_OUT: scripts/test.mjs generates into a copy to prove the migrations are up to date.
  out: process.env.DRIZZLE_OUT ?? './drizzle',
});
