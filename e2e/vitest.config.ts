import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers';

// Journeys run side by side, one per worker, each worker on its own server (global-setup); every
// journey opens its own browser context.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_WORKERS,
  },
});
