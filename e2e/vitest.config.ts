import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its future default) resolves no bare path.
import { E2E_WORKERS } from './workers.ts';

// Journeys run side by side, one per worker, each worker on its own server (global-setup); every
// journey opens its own browser context.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A poll waits as a person waits for a screen, not vitest's 1 s default: on a machine shared by
    // several runs a first menu or list can take longer than that to arrive and render (the
    // menus journey once gave up on empresa's side menu while it was still loading).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    maxWorkers: E2E_WORKERS,
  },
});
