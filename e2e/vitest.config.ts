import { defineConfig } from 'vitest/config';

// Journeys share one server (started in global-setup) but each opens its own browser context.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
