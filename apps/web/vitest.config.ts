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
    // The machine is shared: a form test with many clicks can pass 5 s under load without being wrong.
    testTimeout: 30_000,
    // vitest's default on 2 cores is one worker; files are independent (each its own jsdom).
    maxWorkers: 2,
  },
});
