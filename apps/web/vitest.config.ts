import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // The machine is shared: a form test with many clicks can pass 5 s under load without being wrong.
    testTimeout: 30_000,
    // vitest's default on 2 cores is one worker. A worker keeps its jsdom and its modules from one
    // file to the next (isolate: false, half the time): setup.ts empties the DOM and the storages
    // after each test, and the stubbed fetch is put back.
    maxWorkers: 2,
    isolate: false,
  },
});
