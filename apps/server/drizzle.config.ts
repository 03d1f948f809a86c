import { defineConfig } from 'drizzle-kit';

// Each domain module owns its tables in its own schema.ts; migrations are generated, never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/schema.ts', './src/platform/*.schema.ts'],
  out: './drizzle',
});
