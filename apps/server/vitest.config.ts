import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer';

// API tests: each file gets its own database cloned from one migrated, seeded snapshot.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next (the app's import is 1.5 s a file):
    // every file still builds its own app on its own database, and the per-process caches are
    // keyed by that database (rbac) or by the token's text and secret (tokens).
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
